import { useEffect, useState } from 'react';

const SHOWN_MS = 2000;

/** Copies one value (an account number, the amount) with the Clipboard API and says so beside the button. */
export function CopyButton({ text, what }: { text: string; what: string }) {
  const [outcome, setOutcome] = useState<'copied' | 'failed' | null>(null);

  useEffect(() => {
    if (!outcome) return;
    const timer = setTimeout(() => setOutcome(null), SHOWN_MS);
    return () => clearTimeout(timer);
  }, [outcome]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setOutcome('copied');
    } catch {
      // No clipboard (an old browser, an insecure page): the value stays on screen to copy by hand.
      setOutcome('failed');
    }
  }

  return (
    <span className="copy">
      <button type="button" className="copy__button" onClick={() => void copy()} aria-label={`Copy ${what}`}>
        Copy
      </button>
      <span className="copy__outcome" role="status">
        {outcome === 'copied' ? 'Copied' : outcome === 'failed' ? 'Select it to copy' : ''}
      </span>
    </span>
  );
}
