import type { AdminNavItem, AdminNavOrder } from '@store/shared/admin-navigation';

/*
 * The menu tree as the screen edits it before "Save order": pure functions, each answering a new
 * tree (React state is never changed in place).
 */

export type Tree = AdminNavItem[];

/** The tree with the children of `parentId` (null: the top level) replaced. */
export function withChildren(tree: Tree, parentId: number | null, change: (children: Tree) => Tree): Tree {
  if (parentId === null) return change(tree);
  return tree.map((item) =>
    item.id === parentId
      ? { ...item, children: change(item.children) }
      : { ...item, children: withChildren(item.children, parentId, change) },
  );
}

/** The items from the top down to `id` (the item last), or null. */
export function findPath(tree: Tree, id: number, path: AdminNavItem[] = []): AdminNavItem[] | null {
  for (const item of tree) {
    if (item.id === id) return [...path, item];
    const inner = findPath(item.children, id, [...path, item]);
    if (inner) return inner;
  }
  return null;
}

/** The id of the item's parent (null at the top level). */
export function parentOf(tree: Tree, id: number): number | null {
  const path = findPath(tree, id);
  return path && path.length > 1 ? path[path.length - 2]!.id : null;
}

/** Levels an item spans with what is under it: 1 for a leaf. */
export const height = (item: AdminNavItem): number => 1 + Math.max(0, ...item.children.map(height));
/** How many items sit under it, at any depth. */
export const countBelow = (item: AdminNavItem): number => item.children.reduce((n, c) => n + 1 + countBelow(c), 0);

/** The item made the last child of the sibling above it; the same tree when it has none. Answers that sibling too. */
export function indent(tree: Tree, id: number): { tree: Tree; into: number | null } {
  const parentId = parentOf(tree, id);
  let item: AdminNavItem | undefined;
  let above: AdminNavItem | undefined;
  const without = withChildren(tree, parentId, (children) => {
    const index = children.findIndex((c) => c.id === id);
    if (index <= 0) return children;
    item = children[index];
    above = children[index - 1];
    return children.filter((c) => c.id !== id);
  });
  if (!item || !above) return { tree, into: null };
  const moving = item;
  return { tree: withChildren(without, above.id, (children) => [...children, moving]), into: above.id };
}

/** The item taken out a level, just after its parent; the same tree at the top level. */
export function outdent(tree: Tree, id: number): Tree {
  const path = findPath(tree, id);
  if (!path || path.length < 2) return tree;
  const item = path[path.length - 1]!;
  const parent = path[path.length - 2]!;
  const grandparentId = path.length > 2 ? path[path.length - 3]!.id : null;
  const without = withChildren(tree, parent.id, (children) => children.filter((c) => c.id !== id));
  return withChildren(without, grandparentId, (children) => {
    const index = children.findIndex((c) => c.id === parent.id);
    return [...children.slice(0, index + 1), item, ...children.slice(index + 1)];
  });
}

/** PUT order's body: every item with its parent and its place among its siblings. */
export function orderOf(tree: Tree, parentId: number | null = null): AdminNavOrder['items'] {
  return tree.flatMap((item, position) => [{ id: item.id, parent_id: parentId, position }, ...orderOf(item.children, item.id)]);
}
