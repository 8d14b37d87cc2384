/**
 * How rich text looks in the editor and in previews: the same few elements the storefront keeps
 * (lib/sanitize.ts on the API: paragraphs, H2–H4, lists, bold, italic, links).
 */
export const richTextClass =
  'text-base leading-relaxed text-ink sm:text-sm [&_a]:text-brand [&_a]:underline [&_h2]:mt-4 [&_h2]:mb-2 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-3 [&_h3]:mb-1.5 [&_h3]:text-lg [&_h3]:font-semibold [&_h4]:font-semibold [&_li]:my-0.5 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-2 [&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6 [&>*:first-child]:mt-0';
