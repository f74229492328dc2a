// Entry of the browser build: mounts packages/ui with the web Platform.
import { App } from '@mentora/ui';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { webPlatform } from './platform';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);
// A transition: React renders the first screen in slices (much of its cost is compiling React's code
// on first use), rather than in one long task.
startTransition(() => root.render(<App platform={webPlatform} router="browser" />));
