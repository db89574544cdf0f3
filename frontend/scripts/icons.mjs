// Draws the app's install icons (public/icons/) from public/favicon.svg in Debian's Chromium:
// 192 and 512 px for the home screen, and a maskable 512 px whose leaf sits inside the safe
// circle (the middle 80 %) on the brand green, for launchers that cut icons to their own shape.
// Run after changing the favicon: `node scripts/icons.mjs`; the PNGs are committed.
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import { chromium } from 'playwright-core';

const publicDir = fileURLToPath(new URL('../public', import.meta.url));
const svg = readFileSync(`${publicDir}/favicon.svg`, 'utf8');
const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
mkdirSync(`${publicDir}/icons`, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const page = await browser.newPage();
  const draw = async (size, file, maskable) => {
    await page.setViewportSize({ width: size, height: size });
    const inner = maskable ? Math.round(size * 0.7) : size;
    await page.setContent(
      `<body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;background:${maskable ? '#166534' : 'transparent'}">` +
        `<img src="${dataUrl}" width="${inner}" height="${inner}" alt=""></body>`,
    );
    await page.screenshot({ path: `${publicDir}/icons/${file}`, omitBackground: !maskable });
  };
  await draw(192, 'icon-192.png', false);
  await draw(512, 'icon-512.png', false);
  await draw(512, 'icon-maskable-512.png', true);
} finally {
  await browser.close();
}
