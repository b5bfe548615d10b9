import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './i18n/i18n';
import { captureInstallPrompt } from './lib/install-prompt';
import './styles/global.css';

// Before anything else: Chrome may fire the install event right after load.
captureInstallPrompt();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
