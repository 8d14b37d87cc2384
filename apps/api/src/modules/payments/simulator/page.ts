/** The simulators' hosted pages: tiny, self-contained HTML (no script needed), like a gateway's own site. */

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export type Theme = { brand: string; brandDark: string; soft: string; name: string };

export const BKASH_THEME: Theme = { brand: '#e2136e', brandDark: '#b50f58', soft: '#fde7f1', name: 'bKash' };
export const SSL_THEME: Theme = { brand: '#1a56a8', brandDark: '#123f7d', soft: '#e8f0fb', name: 'SSLCOMMERZ' };

/** Taka with en-IN grouping, as the gateways show amounts ('1,250.00'). */
/** A lock mark drawn inline: the gateway pages carry no fonts or images of their own. */
export const LOCK =
  '<svg width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2.4" stroke-linecap="round" aria-hidden="true" style="vertical-align:-1px;margin-right:4px"><rect x="4" y="11" width="16" height="10" rx="2"/><path d="M8 11V7a4 4 0 0 1 8 0v4"/></svg>';

export const takaText = (amount: string) => {
  const n = Number(amount);
  return Number.isFinite(n) ? n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }) : amount;
};

export function gatewayPage(theme: Theme, title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
*{box-sizing:border-box}
body{margin:0;min-height:100vh;background:${theme.soft};font:15px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans Bengali',Arial,sans-serif;color:#1f2328;display:flex;flex-direction:column;align-items:center}
.sandbox{width:100%;background:#fff7d6;color:#6b4e00;font-size:12px;text-align:center;padding:6px 12px;border-bottom:1px solid #f1e2a6}
.card{width:100%;max-width:420px;background:#fff;margin:0;min-height:calc(100vh - 30px);display:flex;flex-direction:column}
@media(min-width:480px){.card{margin:40px 16px;min-height:0;border-radius:16px;box-shadow:0 12px 40px rgba(0,0,0,.12);overflow:hidden}}
header{background:${theme.brand};color:#fff;padding:18px 22px;display:flex;align-items:center;justify-content:space-between}
.logo{font-weight:800;font-size:22px;letter-spacing:.02em}
.lock{font-size:12px;opacity:.9}
.merchant{padding:18px 22px;border-bottom:1px solid #eee;display:flex;justify-content:space-between;gap:12px}
.merchant b{display:block;font-size:16px}
.merchant small{color:#6b6b6b}
.amount{text-align:right;flex-shrink:0}
.amount b{font-size:22px;color:${theme.brand};white-space:nowrap}
.merchant>div:first-child{min-width:0;overflow-wrap:anywhere}
main{padding:20px 22px;flex:1}
label{display:block;font-size:13px;font-weight:600;margin:0 0 6px}
input{width:100%;height:46px;border:1px solid #cfd3d8;border-radius:10px;padding:0 14px;font-size:16px;background:#fff}
input:focus{outline:2px solid ${theme.brand};outline-offset:0;border-color:${theme.brand}}
.row{display:flex;gap:12px}.row>div{flex:1}
.field{margin-bottom:14px}
.hint{font-size:12px;color:#6b6b6b;margin-top:6px}
.pills{display:flex;gap:6px;flex-wrap:wrap;margin:0 0 16px}
.pill{font-size:12px;font-weight:600;border:1px solid #d6dbe1;border-radius:999px;padding:4px 10px;color:#394150}
.actions{display:flex;gap:10px;margin-top:8px}
button{height:48px;border:0;border-radius:10px;font-size:15px;font-weight:700;cursor:pointer;flex:1}
.primary{background:${theme.brand};color:#fff}.primary:hover{background:${theme.brandDark}}
.secondary{background:#eef0f3;color:#1f2328}.secondary:hover{background:#e1e4e8}
.link{background:none;color:#8a1c1c;height:auto;padding:14px 0 0;font-weight:600;font-size:13px;text-decoration:underline;width:100%}
.note{font-size:13px;color:#4b5563;background:#f6f7f9;border-radius:10px;padding:10px 12px;margin-bottom:16px}
footer{padding:14px 22px;font-size:12px;color:#8b8f96;text-align:center;border-top:1px solid #f0f0f0}
h1{font-size:18px;margin:0 0 8px}
.center{text-align:center;padding:40px 22px}
</style>
</head>
<body>
<div class="sandbox">Sandbox simulator: no real money moves</div>
<div class="card">${body}</div>
</body>
</html>`;
}

/** A page that carries the shopper back to the shop with a form POST (SSLCommerz returns this way). */
export function autoPostPage(theme: Theme, action: string, fields: Record<string, string>, message: string): string {
  const inputs = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  return gatewayPage(
    theme,
    message,
    `<header><span class="logo">${escapeHtml(theme.name)}</span></header>
<div class="center"><h1>${escapeHtml(message)}</h1><p>Returning you to the shop…</p>
<form method="post" action="${escapeHtml(action)}">${inputs}<button class="primary" type="submit">Return to the shop</button></form></div>
<script>document.forms[0].submit()</script>`,
  );
}
