import { describe, expect, it } from 'vitest';
import type { AdminNavItem } from '@store/shared/admin-navigation';
import { countBelow, height, indent, orderOf, outdent, parentOf, type Tree } from './tree';

const item = (id: number, children: AdminNavItem[] = []): AdminNavItem => ({
  id,
  menu: 'beauty',
  parent_id: null,
  position: 0,
  title: `Item ${id}`,
  relative_url: `/x/${id}`,
  external_url: null,
  redirect_url: null,
  page: null,
  menu_color: null,
  menu_link_icon: null,
  disable_url: false,
  type: 'Link',
  visible_only_to_logged_in_users: false,
  open_in_new_tab: false,
  products_headline: null,
  promote: [],
  children,
});

/** A tree as nested ids: [1, [2, [3]]] style, to compare shapes at a glance. */
const shape = (tree: Tree): unknown[] => tree.map((i) => (i.children.length ? { [i.id]: shape(i.children) } : i.id));

// 1
// 2
//   3
//   4
//     5
// 6
const tree: Tree = [item(1), item(2, [item(3), item(4, [item(5)])]), item(6)];

describe('the menu tree on screen', () => {
  it('puts an item under the sibling above it, last, with everything under it', () => {
    expect(shape(indent(tree, 2).tree)).toEqual([{ 1: [{ 2: [3, { 4: [5] }] }] }, 6]);
    expect(indent(tree, 2).into).toBe(1);
    expect(shape(indent(tree, 4).tree)).toEqual([1, { 2: [{ 3: [{ 4: [5] }] }] }, 6]);
  });

  it('leaves a first child where it is (nothing above to go under)', () => {
    expect(indent(tree, 1)).toEqual({ tree, into: null });
    expect(indent(tree, 3)).toEqual({ tree, into: null });
  });

  it('takes an item out a level, just after its old parent', () => {
    expect(shape(outdent(tree, 3))).toEqual([1, { 2: [{ 4: [5] }] }, 3, 6]);
    expect(shape(outdent(tree, 5))).toEqual([1, { 2: [3, 4, 5] }, 6]);
    expect(outdent(tree, 6)).toBe(tree);
  });

  it('never changes the tree it was given', () => {
    const before = JSON.stringify(tree);
    indent(tree, 4);
    outdent(tree, 5);
    expect(JSON.stringify(tree)).toBe(before);
  });

  it('writes the order body with every item, its parent and its place', () => {
    expect(orderOf(tree)).toEqual([
      { id: 1, parent_id: null, position: 0 },
      { id: 2, parent_id: null, position: 1 },
      { id: 3, parent_id: 2, position: 0 },
      { id: 4, parent_id: 2, position: 1 },
      { id: 5, parent_id: 4, position: 0 },
      { id: 6, parent_id: null, position: 2 },
    ]);
  });

  it('measures depth and what sits under an item', () => {
    expect(height(tree[1]!)).toBe(3);
    expect(height(tree[0]!)).toBe(1);
    expect(countBelow(tree[1]!)).toBe(3);
    expect(parentOf(tree, 5)).toBe(4);
    expect(parentOf(tree, 6)).toBeNull();
  });
});
