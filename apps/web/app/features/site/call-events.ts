/** Opening the customer-care call widget from the bottom bar without importing the widget itself. */
type Listener = () => void;
const listeners = new Set<Listener>();

export function openCallWidget() {
  listeners.forEach((l) => l());
}

export function onOpenCallWidget(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
