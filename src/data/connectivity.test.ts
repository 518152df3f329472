// Connectivity: offline by the browser's word sends nothing and probes nothing; the "online" event probes once,
// again after a growing pause while the probe fails, never two at a time; a request that failed for lack of network
// starts the same probing; the gated transport holds requests while offline and lets them go once online.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createConnectivity, gatedTransport } from "./connectivity.ts";
import type { SyncTransport } from "./transport.ts";

function browser(initiallyOnline: boolean) {
  const target = new EventTarget();
  let online = initiallyOnline;
  return {
    events: target as unknown as Window,
    browserOnline: () => online,
    set(next: boolean) {
      online = next;
      target.dispatchEvent(new Event(next ? "online" : "offline"));
    },
  };
}

function probes(answers: boolean[]) {
  let inFlight = 0;
  let most = 0;
  let calls = 0;
  return {
    probe: async () => {
      calls += 1;
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 10));
      inFlight -= 1;
      return answers.shift() ?? true;
    },
    calls: () => calls,
    most: () => most,
  };
}

describe("connectivity", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("stays offline without a probe while the browser says offline, then probes once on the online event", async () => {
    const net = browser(false);
    const probe = probes([true]);
    const c = createConnectivity({ ...net, probe: probe.probe, backoff: { initialMs: 1_000, maxMs: 8_000 } });
    expect(c.state()).toBe("offline");
    await vi.advanceTimersByTimeAsync(120_000);
    expect(probe.calls()).toBe(0);
    const states: string[] = [];
    c.subscribe((state) => states.push(state));
    const resumed = c.whenOnline();
    net.set(true);
    expect(c.state()).toBe("checking");
    await vi.advanceTimersByTimeAsync(10);
    await resumed;
    expect(c.online()).toBe(true);
    expect(probe.calls()).toBe(1);
    expect(states).toEqual(["checking", "online"]);
    c.stop();
  });

  it("probes again after a growing pause while the server does not answer, one probe at a time", async () => {
    const net = browser(true);
    const probe = probes([false, false, false, true]);
    const c = createConnectivity({ ...net, probe: probe.probe, backoff: { initialMs: 1_000, maxMs: 3_000 } });
    expect(c.online()).toBe(true);
    c.reportUnreachable();
    c.reportUnreachable();
    expect(c.state()).toBe("checking");
    await vi.advanceTimersByTimeAsync(10);
    expect(probe.calls()).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(probe.calls()).toBe(1);
    await vi.advanceTimersByTimeAsync(11);
    expect(probe.calls()).toBe(2);
    // the pause doubles: 2 s, then capped at 3 s
    await vi.advanceTimersByTimeAsync(2_010);
    expect(probe.calls()).toBe(3);
    await vi.advanceTimersByTimeAsync(3_010);
    expect(probe.calls()).toBe(4);
    expect(c.online()).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(probe.calls()).toBe(4);
    expect(probe.most()).toBe(1);
    c.stop();
  });

  it("goes offline at once on the offline event and forgets the probe under way", async () => {
    const net = browser(true);
    const probe = probes([false, true]);
    const c = createConnectivity({ ...net, probe: probe.probe });
    c.reportUnreachable();
    net.set(false);
    expect(c.state()).toBe("offline");
    await vi.advanceTimersByTimeAsync(120_000);
    expect(probe.calls()).toBe(1);
    expect(c.state()).toBe("offline");
    c.stop();
  });

  it("holds the transport's requests while offline and reports a failed one", async () => {
    const net = browser(false);
    const probe = probes([]);
    const c = createConnectivity({ ...net, probe: probe.probe });
    const sent: string[] = [];
    let fail = false;
    const inner = {
      graphqlUrl: "/g",
      commandsUrl: "/c",
      websocketUrl: "ws://x/",
      fetch: async (input: RequestInfo | URL) => {
        sent.push(String(input));
        if (fail) throw new TypeError("Failed to fetch");
        return new Response("{}");
      },
    } satisfies SyncTransport;
    const gated = gatedTransport(inner, c);
    const held = gated.fetch("/pull");
    await vi.advanceTimersByTimeAsync(30_000);
    expect(sent).toEqual([]);
    net.set(true);
    await vi.advanceTimersByTimeAsync(10);
    expect((await held).status).toBe(200);
    expect(sent).toEqual(["/pull"]);
    fail = true;
    await expect(gated.fetch("/pull")).rejects.toThrow("Failed to fetch");
    expect(c.state()).toBe("checking");
    // aborted while held: rejects without a request
    const controller = new AbortController();
    const aborted = gated.fetch("/pull", { signal: controller.signal });
    controller.abort(new Error("stop"));
    await expect(aborted).rejects.toThrow("stop");
    expect(sent).toEqual(["/pull", "/pull"]);
    c.stop();
  });
});
