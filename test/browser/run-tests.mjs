// Real-viewer tests in headless Chromium (Debian's), driven by playwright-core.
//
//   node run-tests.mjs FLAMEGRAPH.svg PROFILE.speedscope.json TRACE.perfetto.json \
//       NAMES_IN_PROFILE NAMES_IN_TRACE SYNTH.perfetto.json TRUTH_EVENTS.txt DIR_INDEX
//       DIFF.svg HEATMAP.svg [MORE_HEATMAPS.svg ...]  (names comma-separated)
//
// 1. The SVG flamegraph: opens; a search (through its own prompt) highlights
//    the matching frames and reports the matched share; clicking a frame
//    zooms into it; reset restores every frame.
// 2. speedscope (the npm package, served from localhost) imports our
//    speedscope file and our Chrome JSON without an import error and lists
//    the expected frame names (its Sandwich view is a DOM table).
// 3. speedscope imports the Chrome JSON of a simulated trace without one
//    "Tried to end" warning (its importer's complaint when a slice does not
//    close), and what it built - read back through its own Export button -
//    has, for every wave, exactly the slices and durations of sqtt-synth's
//    ground truth. (ui.perfetto.dev is not reachable from the test machines;
//    Perfetto's import rules are checked by test/lit/tools instead.)
// 4. The differential SVG: as rendered, every frame that grew against the
//    baseline is red, every frame that shrank is blue, and the hover line
//    gives the change.
// 5. The memory heatmap SVGs: open without an error, draw their cells inside
//    the panel frame, label each base object, and - measured as rendered,
//    with getBBox - no text box overlaps another text, a plot or a legend
//    swatch, and every one lies inside the picture.
import { chromium } from 'playwright-core';
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const [svgPath, speedscopePath, chromePath, profileNames, traceNames, synthPath, truthPath,
       dirIndex, diffPath, ...heatmapPaths] = process.argv.slice(2);
let failures = 0;
function check(ok, what) {
  console.log(`${ok ? 'ok' : 'FAIL'} - ${what}`);
  if (!ok) failures++;
}

// A static server for speedscope's dist and the profiles.
const files = {
  '/profile.speedscope.json': speedscopePath,
  '/trace.json': chromePath,
  '/synth.json': synthPath,
};
const dist = path.join(here, 'node_modules', 'speedscope', 'dist', 'release');
const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://localhost');
  const file = files[url.pathname] || path.join(dist, url.pathname === '/' ? 'index.html' : url.pathname);
  if (!file.startsWith(dist) && !Object.values(files).includes(file)) { res.writeHead(403); res.end(); return; }
  fs.readFile(file, (err, data) => {
    if (err) { res.writeHead(404); res.end(); return; }
    const type = file.endsWith('.html') ? 'text/html' : file.endsWith('.js') ? 'text/javascript'
      : file.endsWith('.css') ? 'text/css' : file.endsWith('.wasm') ? 'application/wasm' : 'application/json';
    res.writeHead(200, { 'Content-Type': type, 'Access-Control-Allow-Origin': '*' });
    res.end(data);
  });
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
         '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  // Playwright starts Chromium with a new, empty profile of its own.
});
try {
  // --- The SVG flamegraph -------------------------------------------------
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto('file://' + path.resolve(svgPath));
  const frameCount = await page.locator('g.fr').count();
  check(frameCount >= 4, `SVG opens with its frames (${frameCount})`);
  const visible = async (name) => page.locator(`g.fr[data-name="${name}"]`).first().isVisible();
  const width = async (name) =>
    +(await page.locator(`g.fr[data-name="${name}"] rect`).first().getAttribute('width'));

  page.once('dialog', (d) => d.accept('^[BC]$'));
  await page.locator('#search').click();
  const matchedText = await page.locator('#matched').textContent();
  const highlighted = await page.locator('g.fr.match').count();
  check(highlighted === 2, `search highlights the 2 matching frames (${highlighted})`);
  check(matchedText === 'Matched: 45.00%', `search reports the matched share (${matchedText})`);

  const fullA = await width('A');
  await page.locator('g.fr[data-name="A"]').first().click();
  check(Math.abs((await width('A')) - 1199.5) < 1, 'click zooms the frame to full width');
  check(await visible('all'), 'the zoomed frame\'s ancestors stay visible');
  check(!(await visible('C')), 'frames outside the zoomed one are hidden');
  check(await page.locator('#reset').isVisible(), 'reset appears after a zoom');
  await page.locator('#reset').click();
  check(await visible('C'), 'reset shows every frame again');
  check(Math.abs((await width('A')) - fullA) < 0.01, 'reset restores the widths');
  check(errors.length === 0, `no script errors (${errors.join('; ')})`);
  await page.close();

  // --- The differential SVG -----------------------------------------------
  const d = await browser.newPage();
  const diffErrors = [];
  d.on('pageerror', (e) => diffErrors.push(String(e)));
  await d.goto('file://' + path.resolve(diffPath));
  // The fill as the browser renders it, and the frame's change.
  const fills = await d.$$eval('g.fr', (gs) => gs.map((g) => ({
    name: g.getAttribute('data-name'), delta: +g.getAttribute('data-delta'),
    fill: getComputedStyle(g.querySelector('rect')).fill })));
  const rgb = (f) => (f.match(/\d+/g) || []).map(Number);
  const grew = fills.filter((f) => f.delta > 0), shrank = fills.filter((f) => f.delta < 0);
  check(grew.length >= 2 && shrank.length >= 1,
        `differential SVG has frames that grew (${grew.length}) and shrank (${shrank.length})`);
  for (const f of grew) {
    const [r, g, b] = rgb(f.fill);
    check(r === 255 && g < 255 && b < 255, `'${f.name}' grew by ${f.delta}: drawn red (${f.fill})`);
  }
  for (const f of shrank) {
    const [r, g, b] = rgb(f.fill);
    check(b === 255 && r < 255 && g < 255, `'${f.name}' shrank by ${-f.delta}: drawn blue (${f.fill})`);
  }
  await d.locator('g.fr[data-name="C"]').first().hover();
  const hover = await d.locator('#details').textContent();
  check(hover.includes('baseline 70, -30 cycles'), `hovering a frame shows its change (${hover})`);
  check(diffErrors.length === 0, `no script errors in the differential SVG (${diffErrors.join('; ')})`);
  await d.close();

  // --- speedscope ---------------------------------------------------------
  for (const [file, label, names] of [['/profile.speedscope.json', 'speedscope file', profileNames.split(',')],
                                      ['/trace.json', 'Chrome JSON', traceNames.split(',')]]) {
    const s = await browser.newPage();
    const pageErrors = [], alerts = [];
    s.on('pageerror', (e) => pageErrors.push(String(e)));
    // speedscope reports a failed import with alert() and stays on its welcome screen.
    s.on('dialog', (d) => { alerts.push(d.message()); d.dismiss(); });
    await s.goto(`${base}/#profileURL=${encodeURIComponent(base + file)}&title=sqtt`);
    // The view tabs appear only once a profile is loaded.
    const loaded = await s.getByText('Left Heavy').first().waitFor({ timeout: 15000 })
      .then(() => true, () => false);
    check(loaded && alerts.length === 0,
          `speedscope imports our ${label} without an import error (${alerts.join('; ')})`);
    // The Sandwich view lists every frame by name in a DOM table.
    await s.keyboard.press('3');
    await s.waitForTimeout(500);
    const table = await s.locator('body').innerText();
    for (const name of names)
      check(table.includes(name), `speedscope shows frame '${name}' from our ${label}`);
    check(pageErrors.length === 0, `speedscope raised no script error on our ${label} (${pageErrors.join('; ')})`);
    await s.close();
  }

  // --- speedscope on a simulated trace: slices close, durations are true ---
  {
    const s = await browser.newPage();
    const warnings = [], alerts = [];
    s.on('console', (m) => { if (/Tried to end/.test(m.text())) warnings.push(m.text()); });
    s.on('dialog', (d) => { alerts.push(d.message()); d.dismiss(); });
    await s.goto(`${base}/#profileURL=${encodeURIComponent(base + '/synth.json')}`);
    const loaded = await s.getByText('Left Heavy').first().waitFor({ timeout: 30000 })
      .then(() => true, () => false);
    check(loaded && alerts.length === 0, `speedscope imports the simulated trace (${alerts.join('; ')})`);
    check(warnings.length === 0,
          `no "Tried to end" warnings (${warnings.length}: ${warnings.slice(0, 2).join(' | ')})`);
    const [download] = await Promise.all([s.waitForEvent('download'), s.getByText('Export').first().click()]);
    const exported = JSON.parse(fs.readFileSync(await download.path(), 'utf8'));
    // Truth: per wave "se cu simd wave instance" -> sorted "name duration" list.
    const truth = new Map();
    for (const line of fs.readFileSync(truthPath, 'utf8').split('\n')) {
      const f = line.split(' ');
      if (f.length < 10 || f[0] !== dirIndex || f[6] !== 'S') continue;
      const key = `SE${f[1]}/CU${f[2]}/SIMD${f[3]}/W${f[4]}#${f[5]}`;
      if (!truth.has(key)) truth.set(key, []);
      truth.get(key).push(`${f.slice(9).join(' ')} ${+f[8] - +f[7]}`);
    }
    let waves = 0, slices = 0, wrong = [];
    for (const p of exported.profiles) {
      const wave = (p.name.match(/(SE\d+\/CU\d+\/SIMD\d+\/W\d+#\d+)/) || [])[1];
      const open = [], got = [];
      for (const e of p.events) {
        if (e.type === 'O') open.push(e);
        else {
          const o = open.pop();
          const name = exported.shared.frames[o.frame].name.split(' {')[0];
          // Microseconds of whole nanoseconds; one cycle is shown as one ns.
          got.push(`${name} ${Math.round((e.at - o.at) * 1000)}`);
        }
      }
      const want = (truth.get(wave) || []).slice().sort();
      got.sort();
      if (JSON.stringify(got) !== JSON.stringify(want)) wrong.push(`${wave}: ${got.length} vs ${want.length} slices`);
      waves++;
      slices += got.length;
      truth.delete(wave);
    }
    check(wrong.length === 0 && truth.size === 0 && slices > 0,
          `speedscope's frames and durations equal the truth for all ${waves} waves (${slices} slices; ` +
          `${wrong.slice(0, 3).join('; ')}${truth.size ? `; missing ${[...truth.keys()].slice(0, 3)}` : ''})`);
    await s.close();
  }
  // 5. The memory heatmaps.
  for (const heatmapPath of heatmapPaths) {
    const name = path.basename(heatmapPath);
    const h = await browser.newPage();
    const heatErrors = [];
    h.on('pageerror', (e) => heatErrors.push(String(e)));
    await h.goto('file://' + path.resolve(heatmapPath));
    const drawn = await h.evaluate(() => {
      let cells = 0, inside = true;
      const frames = [];
      for (const panel of document.querySelectorAll('g.panel')) {
        const frame = panel.querySelector('rect[fill="none"]').getBBox();
        frames.push(frame);
        for (const r of panel.querySelectorAll('rect:not([fill="none"])')) {
          const c = r.getBBox();
          cells++;
          inside = inside && c.x >= frame.x && c.y >= frame.y - 0.01 && c.x + c.width <= frame.x + frame.width + 0.01 &&
                   c.y + c.height <= frame.y + frame.height + 0.01;
        }
      }
      const labels = [...document.querySelectorAll('g.panel text')].map((t) => t.textContent);
      // Every text box as rendered, against every other, every plot frame
      // and every legend swatch; and inside the picture.
      const svg = document.querySelector('svg');
      const W = svg.width.baseVal.value, H = svg.height.baseVal.value;
      const texts = [...document.querySelectorAll('text')].map((t) => ({ box: t.getBBox(), what: t.textContent }));
      const swatches = [...document.querySelectorAll('g.legend rect')].map((r) => ({ box: r.getBBox(), what: 'a legend swatch' }));
      const plots = frames.map((f) => ({ box: f, what: 'a plot' }));
      const meet = (a, b) => a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 &&
                             a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;
      const overlaps = [];
      for (let i = 0; i < texts.length; i++) {
        const a = texts[i].box;
        if (a.x < -0.5 || a.y < -0.5 || a.x + a.width > W + 0.5 || a.y + a.height > H + 0.5)
          overlaps.push(`"${texts[i].what}" outside the ${W}x${H} picture`);
        for (const other of [...texts.slice(i + 1), ...plots, ...swatches])
          if (meet(a, other.box)) overlaps.push(`"${texts[i].what}" over ${other.what.startsWith('a ') ? other.what : '"' + other.what + '"'}`);
      }
      return { cells, inside, labels, texts: texts.length, overlaps };
    });
    check(drawn.cells > 0 && drawn.inside, `${name}: the heatmap draws ${drawn.cells} cells inside its panel`);
    check(drawn.labels.some((l) => l.includes('accesses')), `${name}: the heatmap labels its objects (${drawn.labels.slice(0, 3).join('; ')})`);
    check(drawn.overlaps.length === 0,
          `${name}: none of its ${drawn.texts} text boxes overlaps another text, a plot or the legend (${drawn.overlaps.slice(0, 3).join('; ')})`);
    check(heatErrors.length === 0, `${name}: no script errors in the heatmap (${heatErrors.join('; ')})`);
    await h.close();
  }
} finally {
  await browser.close();
  server.close();
}
console.log(failures ? `${failures} browser check(s) failed` : 'all browser checks passed');
process.exit(failures ? 1 : 0);
