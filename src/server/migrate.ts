import 'dotenv/config';
import { ConfigError, loadConfig } from './config.js';
import { DataDirInUseError, openDatabase } from './db/client.js';

// `npm run migrate`: applies the migrations and exits, for deployments that migrate in a step of
// their own before starting the new version (starting applies them too, under the same lock).
try {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
  await database.close();
  console.log(`migrations applied (${database.driver})`);
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof DataDirInUseError ? error.message : error);
  process.exitCode = 1;
}
