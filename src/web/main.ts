// The page's one script. In the page it starts the page; started again as a worker (from a blob of this same
// script, which the page's policy allows), it is the reader, so the core is shipped once.
import { CompareView } from './compare-view.js';
import { PageApp } from './page-app.js';
import { mainThreadReader, workerReader } from './reader.js';
import { serveReader } from './worker.js';

const inPage = typeof document !== 'undefined';
// Read now: `currentScript` is set only while the script first runs.
const source = inPage ? (document.currentScript?.textContent ?? '') : '';

function startPage(): void {
  void new PageApp(workerReader(source) ?? mainThreadReader()).start();
  const compare = new CompareView(document.getElementById('compare') as HTMLElement);
  document.getElementById('open-compare')?.addEventListener('click', () => compare.open());
}

if (!inPage) serveReader(self as unknown as Parameters<typeof serveReader>[0]);
else if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', startPage);
else startPage();
