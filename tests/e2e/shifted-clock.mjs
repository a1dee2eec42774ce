// Preloaded (`node --import`) into a journey's portal whose clock runs ahead: E2E_CLOCK_AHEAD_MS
// milliseconds after the true time, for `new Date()`, `Date()` and `Date.now()` (and so the embedded
// database's now(), which asks Date.now). A date made from a given time is left as it is.
// fixtures.ts starts the portal with it when a journey makes hours pass (restartPortal).

const ahead = Number(process.env.E2E_CLOCK_AHEAD_MS);

if (Number.isFinite(ahead) && ahead !== 0) {
  const TrueDate = Date;
  const trueNow = Date.now;
  TrueDate.now = () => trueNow() + ahead;
  globalThis.Date = new Proxy(TrueDate, {
    construct: (target, args, newTarget) => Reflect.construct(target, args.length === 0 ? [TrueDate.now()] : args, newTarget),
    // Called without `new`, Date ignores its arguments and answers the current time as text.
    apply: () => new TrueDate(TrueDate.now()).toString(),
  });
}
