import { StrictMode } from 'react';
import { App } from './app/app';
import { startApp } from './boot/start-app';
import { installGlobalErrorHandlers } from './features/error-tracking/global-handlers';
import { ReviewsProvider } from './features/reviews/reviews-data';
import './styles.css';

// Before the app renders, in a task of its own (the first listeners on window cost a few milliseconds on a
// slow phone); the shell's useErrorTracking installs them too, once, where this file does not run (tests).
setTimeout(installGlobalErrorHandlers, 0);

// The reviews come with the catalogue, as the page was rendered with them (entry-server.tsx): hydration
// matches and nothing more is fetched. Without them (development on the seed) the storefront reads the API.
startApp((initialLocation, catalogue, reviews) => {
  const app = <App initialLocation={initialLocation} catalogue={catalogue} />;
  return (
    <StrictMode>{reviews ? <ReviewsProvider reviews={reviews}>{app}</ReviewsProvider> : app}</StrictMode>
  );
});
