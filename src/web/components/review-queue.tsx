import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { QueryView } from './query-view';

interface ReviewQueueProps<S extends string, T> {
  title: string;
  /** Plural word for the items, as in "No pending payments." */
  noun: string;
  statuses: readonly S[];
  /** A query hook, called with the status picked in the filter. */
  useItems: (status: S) => UseQueryResult<T[], Error>;
  renderItem: (item: T) => ReactNode;
}

/** The shape every staff review queue shares: a status filter and the list, with loading, error and empty states. */
export function ReviewQueue<S extends string, T>({ title, noun, statuses, useItems, renderItem }: ReviewQueueProps<S, T>) {
  const [status, setStatus] = useState<S>(statuses[0] as S);
  const items = useItems(status);
  return (
    <div className="admin__section">
      <div className="admin__toolbar">
        <h2>{title}</h2>
        <label>
          Show{' '}
          <select name="status" value={status} onChange={(e) => setStatus(e.target.value as S)}>
            {statuses.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
      </div>
      <QueryView
        query={items}
        isEmpty={(data) => data.length === 0}
        empty={
          <p className="muted">
            No {status} {noun}.
          </p>
        }
      >
        {(data) => <ul className="admin__list">{data.map(renderItem)}</ul>}
      </QueryView>
    </div>
  );
}
