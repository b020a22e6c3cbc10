// npm run art: renders assets/setup.svg (the setup screen's art, drawn for the project) into the WebP
// images system.json's `media` and `background` name, at the sizes dnd5e ships for the same use (its
// setup image 1440x720, its thumbnail 550x275: foundryvtt/dnd5e system.json and ui/official/). Run once
// after editing the SVG; the images are committed, so the build needs no browser.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";

const root = new URL("..", import.meta.url).pathname;
const svg = readFileSync(join(root, "assets", "setup.svg"), "utf8");
const SIZES = { "setup.webp": [1440, 720, 0.82], "setup-thumb.webp": [550, 275, 0.8] };

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  headless: true,
});
try {
  const page = await browser.newPage();
  for (const [file, [width, height, quality]] of Object.entries(SIZES)) {
    const dataUrl = await page.evaluate(
      async ({ svg, width, height, quality }) => {
        const image = new Image();
        image.src = `data:image/svg+xml;base64,${btoa(unescape(encodeURIComponent(svg)))}`;
        await image.decode();
        const canvas = document.createElement("canvas");
        Object.assign(canvas, { width, height });
        canvas.getContext("2d").drawImage(image, 0, 0, width, height);
        return canvas.toDataURL("image/webp", quality);
      },
      { svg, width, height, quality },
    );
    const bytes = Buffer.from(dataUrl.replace(/^data:image\/webp;base64,/, ""), "base64");
    writeFileSync(join(root, "assets", file), bytes);
    console.log(`art: assets/${file} ${width}x${height}, ${bytes.length} bytes`);
  }
} finally {
  await browser.close();
}
