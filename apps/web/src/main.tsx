// Entry of the browser build: mounts packages/ui with the web Platform.
import { App } from '@mentora/ui';
import { createRoot } from 'react-dom/client';
import { webPlatform } from './platform';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(<App platform={webPlatform} router="browser" />);
