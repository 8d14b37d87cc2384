import * as RadixSwitch from '@radix-ui/react-switch';
import { useId } from 'react';

/** An on/off toggle (Radix Switch, role=switch) with its label. */
export function Switch({
  label,
  checked,
  onCheckedChange,
  disabled,
}: {
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <RadixSwitch.Root
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled ?? false}
        className="relative h-6 w-11 shrink-0 rounded-full bg-neutral-300 transition-colors outline-none focus-visible:ring-2 focus-visible:ring-brand/40 data-[state=checked]:bg-brand disabled:opacity-50"
      >
        <RadixSwitch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
      </RadixSwitch.Root>
    </div>
  );
}
