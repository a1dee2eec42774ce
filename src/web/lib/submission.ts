import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { ApiError } from './api';

/** What one attempt of a submission carries: the member action's key, the same on every retry. */
export interface Attempt {
  idempotencyKey: string;
  onProgress: (fraction: number) => void;
  /** Photos being made smaller before the upload starts (lib/prepare-upload.ts). */
  onPreparing: (photo: number, photos: number) => void;
}

/**
 * Where a submission is, for the page to say: on its way (with the upload's share), waiting for
 * the device to be online again, trying again after a lost connection, refused, or sent.
 */
export type SubmissionState = 'idle' | 'sending' | 'offline' | 'retrying' | 'failed' | 'sent';

interface Sending<V> {
  variables: V;
  key: string;
}

/** Tries after a lost connection or a busy server before the page shows the failure and a Retry button. */
const TRANSIENT_RETRIES = 5;
const retryDelay = (failures: number) => Math.min(1000 * 2 ** failures, 30_000);

type Callbacks<D> = { onSuccess?: (data: D) => void; onError?: (error: ApiError) => void };
type Options<D, V> = Pick<UseMutationOptions<D, ApiError, Sending<V>>, 'onSettled'> & { onSuccess?: (data: D, variables: V) => unknown };

/**
 * The one way the web app sends a submission (a form, a slip, an advert, a message): each member
 * action gets an Idempotency-Key that its retries reuse, so the server stores it once
 * (docs/decisions/013). A lost connection or a busy server is retried with growing waits; while the
 * device is offline TanStack Query holds the retry until it is back (`networkMode: 'online'`).
 * `retry` sends the last action again, with its key.
 */
export function useSubmission<V, D>(send: (variables: V, attempt: Attempt) => Promise<D>, options: Options<D, V> = {}) {
  const [progress, setProgress] = useState(0);
  const [preparing, setPreparing] = useState<Preparing | null>(null);
  const onProgress = (fraction: number) => {
    setPreparing(null);
    setProgress(fraction);
  };
  const mutation = useMutation<D, ApiError, Sending<V>>({
    mutationFn: ({ variables, key }) =>
      send(variables, { idempotencyKey: key, onProgress, onPreparing: (photo, photos) => setPreparing({ photo, photos }) }).finally(() => setPreparing(null)),
    networkMode: 'online',
    retry: (failures, error) => error.transient && failures < TRANSIENT_RETRIES,
    retryDelay,
    onSuccess: (data, { variables }) => options.onSuccess?.(data, variables),
    onSettled: options.onSettled,
  });

  const callbacks = useRef<Callbacks<D>>({});

  const start = (sending: Sending<V>) => {
    setProgress(0);
    setPreparing(null);
    mutation.mutate(sending, { onSuccess: (data) => callbacks.current.onSuccess?.(data), onError: (error) => callbacks.current.onError?.(error) });
  };
  const retry = () => {
    if (mutation.variables) start(mutation.variables);
  };
  const state = stateOf(mutation);

  return {
    /** Sends a new member action (a new key); the callbacks also answer its Retry. */
    submit: (variables: V, answers: Callbacks<D> = {}) => {
      callbacks.current = answers;
      start({ variables, key: newKey() });
    },
    reset: mutation.reset,
    state,
    pending: mutation.isPending,
    error: mutation.error,
    data: mutation.data,
    view: { state, progress, preparing, error: mutation.error, retry } satisfies SubmissionView,
  };
}

interface Preparing {
  photo: number;
  photos: number;
}

/** What a page shows of a submission (components/submission-status.tsx). */
export interface SubmissionView {
  state: SubmissionState;
  progress: number;
  /** Which photo is being made smaller before the upload, while one is. */
  preparing: Preparing | null;
  error: ApiError | null;
  retry: () => void;
}

/** 128 random bits; `crypto.randomUUID` exists only on HTTPS pages, this on any. */
function newKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function stateOf(mutation: { isPaused: boolean; isPending: boolean; isError: boolean; isSuccess: boolean; failureCount: number }): SubmissionState {
  if (mutation.isPaused) return 'offline';
  if (mutation.isPending) return mutation.failureCount > 0 ? 'retrying' : 'sending';
  if (mutation.isError) return 'failed';
  return mutation.isSuccess ? 'sent' : 'idle';
}
