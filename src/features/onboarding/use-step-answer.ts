// What the server answers for a step (its provider's address, its signing session, InvestReady's credential): asked
// when the step shows and again when `keys` change (only while `when`, e.g. online); `failed` once it refused. With
// `retry`, a new question clears the last refusal while it waits.
import { useEffect, useState } from "react";

export function useStepAnswer<T>(
  ask: () => Promise<T>,
  keys: readonly unknown[],
  { when = true, retry = false }: { when?: boolean; retry?: boolean } = {},
): { value: T | null; failed: boolean } {
  const [state, setState] = useState<{ value: T | null; failed: boolean }>({ value: null, failed: false });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names what asks again (`keys`)
  useEffect(() => {
    if (!when) return;
    let live = true;
    if (retry) setState((current) => ({ ...current, failed: false }));
    ask()
      .then((value) => live && setState({ value, failed: false }))
      .catch(() => live && setState((current) => ({ ...current, failed: true })));
    return () => {
      live = false;
    };
  }, [when, ...keys]);
  return state;
}
