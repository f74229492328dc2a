import path from 'node:path';
import { runServer } from '../start.js';
import { demoLogins, seedDemo } from './seed.js';

// `pnpm demo`: the product on its own embedded database (DEMO_DATA_DIR, default ./demo-data), filled
// with demo content on first start, whatever DATABASE_URL or DATA_DIR say, so real data is never touched.
const dataDir = path.resolve(process.env.DEMO_DATA_DIR || './demo-data');

runServer({
  env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir },
  prepare: async (ctx) => {
    if (await seedDemo(ctx)) ctx.logger.info('filled the demo database');
  },
  onListening: (_ctx, url) => process.stdout.write(demoLogins(url)),
});
