/** Starts the example app: `PLAZA_URL=http://localhost:3000 PORT=4000 npx tsx examples/webhooks-app/server.ts`. */
import { createApp } from './app.js';

const plazaUrl = process.env.PLAZA_URL ?? 'http://localhost:3000';
const port = Number(process.env.PORT ?? 4000);
createApp({ plazaUrl }).listen(port, () => console.log(`Example app on http://localhost:${port} for ${plazaUrl}`));
