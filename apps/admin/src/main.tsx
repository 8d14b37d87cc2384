import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { router } from './routes/router';
import './app.css';

// The taka sign's fallback font (app.css) is fetched at start, not at the first price: Chromium draws a
// glyph whose font is still loading as a box and does not redraw it. A device with a Bengali font skips it.
for (const weight of [400, 700]) void document.fonts.load(`${weight} 16px Taka`, '\u09f3').catch(() => undefined);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
