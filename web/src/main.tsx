import { StrictMode } from 'react';
import { App } from './app/app';
import { startApp } from './boot/start-app';
import { installGlobalErrorHandlers } from './features/error-tracking/global-handlers';
import './styles.css';

// Before the app renders, in a task of its own (the first listeners on window cost a few milliseconds on a
// slow phone); the shell's useErrorTracking installs them too, once, where this file does not run (tests).
setTimeout(installGlobalErrorHandlers, 0);

startApp((initialLocation) => (
  <StrictMode>
    <App initialLocation={initialLocation} />
  </StrictMode>
));
