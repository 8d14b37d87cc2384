import { useLayoutEffect, type ReactNode } from 'react';

type Props = { lang: string; department: string; children: ReactNode };

/**
 * The page's <html>. Preact (decision 010) renders into a document's <html> element, not the
 * document, so in the browser the layout's root is its head and body, and the attributes the
 * server wrote on <html> follow the page from here.
 */
export function HtmlElement({ lang, department, children }: Props) {
  useLayoutEffect(() => {
    const html = document.documentElement;
    html.lang = lang;
    html.dataset.department = department;
  }, [lang, department]);
  if (import.meta.env.SSR)
    return (
      <html lang={lang} data-department={department}>
        {children}
      </html>
    );
  return <>{children}</>;
}
