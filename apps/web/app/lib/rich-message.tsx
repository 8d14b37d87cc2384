import { Fragment, type ReactNode } from 'react';

/**
 * A sentence with an element inside (a link, a bold number) as ONE message: the message is written
 * with a marker (private-use characters) in each element's placeholder and cut at the markers, so
 * each language keeps its own word order around the element. `parts` maps each placeholder to what
 * goes there.
 */
export function withElements<K extends string>(message: (inputs: Record<K, string>) => string, parts: Record<K, ReactNode>): ReactNode {
  const names = Object.keys(parts) as K[];
  const marks = Object.fromEntries(names.map((name, i) => [name, `\uE000${i}\uE001`])) as Record<K, string>;
  return message(marks)
    .split(/\uE000(\d+)\uE001/)
    .map((piece, i) => <Fragment key={i}>{i % 2 === 1 ? parts[names[Number(piece)]!] : piece}</Fragment>);
}
