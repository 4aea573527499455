import { BrowserRouter } from 'react-router';
import { AppProviders } from './providers';
import { AppErrorBoundary } from './error-boundary';
import { AppRoutes } from './router/app-routes';
import { PageViewTracker } from './page-view-tracker';

export function App() {
  return (
    <AppProviders>
      <AppErrorBoundary>
        <BrowserRouter>
          <PageViewTracker />
          <AppRoutes />
        </BrowserRouter>
      </AppErrorBoundary>
    </AppProviders>
  );
}
