// End-to-end tests of `motley serve` in a real browser: Debian's headless
// Chromium driven by playwright-core. Screenshots go to artifacts/.
// Without /usr/bin/chromium the tests are skipped, unless CI is set.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn, execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..");
const browserPath = process.env.CHROMIUM || "/usr/bin/chromium";
const motley = process.env.MOTLEY_BIN || join(root, "target/debug/motley");
const artifacts = join(here, "artifacts");
const missing = [browserPath, motley].filter((p) => !existsSync(p));
if (missing.length > 0 && process.env.CI) {
  throw new Error(`missing ${missing.join(", ")} (CI is set: the browser tests must run)`);
}
const skip = missing.length > 0 ? `missing ${missing.join(", ")}` : false;

let server, url, browser, page;

before(async () => {
  if (skip) return;
  mkdirSync(artifacts, { recursive: true });
  server = spawn(motley, ["serve", "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
  url = await new Promise((resolve, reject) => {
    let out = "";
    server.stdout.on("data", (d) => {
      out += d;
      const m = out.match(/http:\/\/127\.0\.0\.1:\d+\//);
      if (m) resolve(m[0]);
    });
    server.on("exit", (code) => reject(new Error(`motley serve exited with ${code}`)));
  });
  // A fresh profile each run.
  browser = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), "motley-chromium-")), {
    executablePath: browserPath,
    headless: true,
    viewport: { width: 1400, height: 900 },
    args: [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
    ],
  });
  page = await browser.newPage();
});

after(async () => {
  if (browser) await browser.close();
  if (server) server.kill();
});

async function load(variant) {
  await page.goto(url);
  await page.waitForSelector("body[data-ready='1']");
  if (variant !== "chess") {
    await page.selectOption("#variant", variant);
    await page.waitForSelector(`body[data-variant='${variant}']`);
  }
  await page.waitForSelector("#sq-a1");
}

async function click(square) {
  await page.locator(`#sq-${square}`).click({ force: true });
}

async function targets() {
  return page.$$eval(".target-dot", (dots) => dots.map((d) => d.dataset.square).sort());
}

async function movesText(expected) {
  await page.waitForFunction((t) => document.querySelector("#moves").textContent === t, expected);
  return page.textContent("#moves");
}

test("chess: e2 shows e3 and e4, e2e4 plays e4", { skip }, async () => {
  await load("chess");
  await click("e2");
  assert.deepEqual(await targets(), ["e3", "e4"]);
  await page.screenshot({ path: join(artifacts, "chess-e2-selected.png") });
  await click("e4");
  assert.equal(await movesText("1. e4"), "1. e4");
  assert.equal(await page.textContent("#status"), "* black to move");
  assert.equal(await page.textContent("#fen"), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  await page.screenshot({ path: join(artifacts, "chess-after-e4.png") });
  await page.click("#export");
  assert.match(await page.textContent("#pgn"), /\[Variant "chess"\][\s\S]*\n1\. e4 \*\n$/);
});

test("a broken rule file shows the located message of motley check", { skip }, async () => {
  await load("chess");
  const broken = readFileSync(join(root, "spec/variants/chess.yaml"), "utf8")
    .replace("{ letter: N, name: knight, moves: N,", "{ letter: N, name: knight, moves: Nz,");
  const dir = mkdtempSync(join(tmpdir(), "motley-broken-"));
  writeFileSync(join(dir, "rules.yaml"), broken);
  let expected = "";
  try {
    execFileSync(motley, ["check", "rules.yaml"], { cwd: dir, stdio: "pipe" });
  } catch (e) {
    expected = e.stderr.toString();
  }
  assert.match(expected, /^rules\.yaml:\d+:\d+: /);
  await page.fill("#editor", broken);
  await page.waitForSelector("#diagnostics pre.diagnostic");
  const shown = await page.$$eval("#diagnostics pre.diagnostic", (ps) => ps.map((p) => p.textContent).join(""));
  assert.equal(shown, expected);
  await page.screenshot({ path: join(artifacts, "broken-rule-file.png") });
});

test("clown: a knight's declaration is chosen in the picker", { skip }, async () => {
  await load("clown");
  await click("b1");
  assert.deepEqual(await targets(), ["a3", "c3"]);
  await click("c3");
  const choices = await page.$$eval("#picker button", (bs) => bs.map((b) => b.textContent));
  assert.deepEqual(choices.sort(), ["Nc3", "Nc3 (!C)"]);
  await page.screenshot({ path: join(artifacts, "clown-picker.png") });
  await page.click("#picker button[data-uci='b1c3c']");
  assert.equal(await movesText("1. Nc3 (!C)"), "1. Nc3 (!C)");
  await page.screenshot({ path: join(artifacts, "clown-declared.png") });
});

test("jester: White moves twice in a turn", { skip }, async () => {
  await load("jester");
  await click("e3");
  await click("e4");
  await page.waitForFunction(() => document.querySelector("#status").textContent.includes("move 2 of the turn"));
  assert.equal(await page.textContent("#status"), "* white to move (move 2 of the turn)");
  await click("d3");
  await click("d4");
  assert.equal(await movesText("1. e4 d4"), "1. e4 d4");
  assert.equal(await page.textContent("#status"), "* black to move");
  await page.screenshot({ path: join(artifacts, "jester-two-moves.png") });
});
