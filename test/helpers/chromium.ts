// Drives Debian's headless Chromium over the DevTools protocol on a pipe
// (--remote-debugging-pipe: JSON messages ended by NUL on fds 3 and 4), so a
// test can open a page, see every console message, script error, log entry
// and network request, run code in it and take a screenshot. No websocket
// library needed; tests skip when no browser is installed.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable, Writable } from "node:stream";

export const CHROMIUM: string | null = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].find((p) => existsSync(p)) ?? null;

type Msg = { id?: number; method?: string; params?: any; result?: any; error?: { message: string }; sessionId?: string };

export interface Page {
  /** Console calls, script errors and log entries the page produced, as text. */
  problems: string[];
  /** Every URL the page requested. */
  requests: string[];
  evaluate<T = unknown>(expression: string): Promise<T>;
  screenshot(): Promise<Buffer>;
  close(): Promise<void>;
}

export interface OpenOptions {
  width?: number;
  height?: number;
  dark?: boolean;
  /** How long any one step may take before the test fails (generous: the machine is shared). */
  stepMs?: number;
}

export async function openPage(url: string, o: OpenOptions = {}): Promise<Page> {
  if (!CHROMIUM) throw new Error("no chromium installed");
  const stepMs = o.stepMs ?? 90_000;
  const profile = mkdtempSync(join(tmpdir(), "omp-chromium-"));
  const child: ChildProcess = spawn(
    CHROMIUM,
    [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-extensions",
      "--no-first-run",
      "--no-default-browser-check",
      "--hide-scrollbars",
      `--user-data-dir=${profile}`,
      "--remote-debugging-pipe",
    ],
    { stdio: ["ignore", "ignore", "pipe", "pipe", "pipe"] },
  );
  let stderr = "";
  child.stderr!.on("data", (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const toBrowser = child.stdio[3] as Writable;
  const fromBrowser = child.stdio[4] as Readable;
  let nextId = 1;
  const waiting = new Map<number, { resolve: (v: any) => void; reject: (e: Error) => void }>();
  const listeners: ((m: Msg) => void)[] = [];
  let buf = "";
  fromBrowser.on("data", (d: Buffer) => {
    buf += d.toString("utf8");
    let nul: number;
    while ((nul = buf.indexOf("\0")) >= 0) {
      const m = JSON.parse(buf.slice(0, nul)) as Msg;
      buf = buf.slice(nul + 1);
      if (m.id !== undefined && waiting.has(m.id)) {
        const w = waiting.get(m.id)!;
        waiting.delete(m.id);
        if (m.error) w.reject(new Error(m.error.message));
        else w.resolve(m.result);
      } else for (const l of listeners) l(m);
    }
  });
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  exited.then(() => {
    for (const w of waiting.values()) w.reject(new Error(`chromium exited: ${stderr}`));
    waiting.clear();
  });
  const withCap = <T>(p: Promise<T>, what: string): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`chromium: ${what} took over ${stepMs} ms\n${stderr}`)), stepMs);
      p.then(
        (v) => (clearTimeout(t), resolve(v)),
        (e) => (clearTimeout(t), reject(e)),
      );
    });
  const send = (method: string, params: object = {}, sessionId?: string): Promise<any> =>
    withCap(
      new Promise((resolve, reject) => {
        const id = nextId++;
        waiting.set(id, { resolve, reject });
        toBrowser.write(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }) + "\0");
      }),
      method,
    );
  const once = (method: string, sessionId: string): Promise<any> =>
    withCap(
      new Promise((resolve) => {
        const l = (m: Msg) => {
          if (m.method === method && m.sessionId === sessionId) {
            listeners.splice(listeners.indexOf(l), 1);
            resolve(m.params);
          }
        };
        listeners.push(l);
      }),
      method,
    );

  const problems: string[] = [];
  const requests: string[] = [];
  const close = async () => {
    await send("Browser.close").catch(() => undefined);
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (child.exitCode === null) child.kill("SIGKILL");
    rmSync(profile, { recursive: true, force: true });
  };
  try {
    const { targetId } = await send("Target.createTarget", { url: "about:blank" });
    const { sessionId } = await send("Target.attachToTarget", { targetId, flatten: true });
    listeners.push((m) => {
      if (m.sessionId !== sessionId) return;
      const p = m.params;
      if (m.method === "Runtime.consoleAPICalled") problems.push(`console.${p.type}: ${p.args.map((a: any) => a.value ?? a.description ?? "").join(" ")}`);
      else if (m.method === "Runtime.exceptionThrown") problems.push(`exception: ${p.exceptionDetails.exception?.description ?? p.exceptionDetails.text}`);
      else if (m.method === "Log.entryAdded") problems.push(`log ${p.entry.level} (${p.entry.source}): ${p.entry.text}`);
      else if (m.method === "Network.requestWillBeSent") requests.push(p.request.url);
    });
    for (const d of ["Runtime.enable", "Log.enable", "Page.enable", "Network.enable"]) await send(d, {}, sessionId);
    await send("Emulation.setDeviceMetricsOverride", { width: o.width ?? 1400, height: o.height ?? 900, deviceScaleFactor: 1, mobile: false }, sessionId);
    await send("Emulation.setEmulatedMedia", { features: [{ name: "prefers-color-scheme", value: o.dark ? "dark" : "light" }] }, sessionId);
    const loaded = once("Page.loadEventFired", sessionId);
    await send("Page.navigate", { url }, sessionId);
    await loaded;
    return {
      problems,
      requests,
      async evaluate<T>(expression: string): Promise<T> {
        const r = await send("Runtime.evaluate", { expression, returnByValue: true, awaitPromise: true }, sessionId);
        if (r.exceptionDetails) throw new Error(`in the page: ${r.exceptionDetails.exception?.description ?? r.exceptionDetails.text}`);
        return r.result.value as T;
      },
      async screenshot(): Promise<Buffer> {
        const r = await send("Page.captureScreenshot", { format: "png" }, sessionId);
        return Buffer.from(r.data as string, "base64");
      },
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
