import { Component, type ErrorInfo, type ReactNode } from 'react';

/** Shows `fallback` instead of children that failed to render or whose code failed to download. */
export class ErrorBoundary extends Component<{ children: ReactNode; fallback: (error: unknown) => ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}
