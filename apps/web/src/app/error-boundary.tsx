import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorPage } from '../components/error-page';
import { reportError } from '../lib/error-reporting';

type Props = { children: ReactNode };
type State = { hasError: boolean };

/** Spec 2.1: any render failure shows the server-failure page instead of a blank screen. */
export class AppErrorBoundary extends Component<Props, State> {
  override state: State = { hasError: false };

  static getDerivedStateFromError(): State {
    return { hasError: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Unhandled render error', error, info.componentStack);
    reportError(error);
  }

  override render() {
    return this.state.hasError ? <ErrorPage /> : this.props.children;
  }
}
