import 'reflect-metadata';
import { McpStdio } from '../../lib/index.js';
import { MatrixModule } from './src/matrix.module.js';

/**
 * The transport-matrix server over stdio: `node dist/sample/07-matrix-stdio/main.js`. The e2e
 * matrix spawns it; in process, the same `MatrixModule` serves HTTP, SSE and WebSocket.
 */
await McpStdio.run(MatrixModule);
