import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { McpServer, Resource, ResourceTemplate } from '../../../lib/index.js';
import { TEST_IMAGE_BASE64 } from './fixture-constants.js';

/** URI of the resource that "changes" periodically, for the subscribe/unsubscribe scenarios. */
const WATCHED_URI = 'test://watched-resource';

/** How often the watched resource reports an update to its subscribers (ms). */
const WATCH_INTERVAL_MS = 3000;

/**
 * The conformance fixture's resources (§5.4): static text and binary, the
 * `test://template/{id}/data` template, and a watched resource whose subscribers receive
 * `notifications/resources/updated` every 3 seconds.
 */
@Injectable()
export class FixtureResources implements OnModuleInit, OnModuleDestroy {
  private timer?: NodeJS.Timeout;

  constructor(private readonly server: McpServer) {}

  /** Starts the watched resource's update ticker (it does not keep the process alive). */
  onModuleInit(): void {
    this.timer = setInterval(
      () => this.server.notifyResourceUpdated(WATCHED_URI),
      WATCH_INTERVAL_MS,
    );
    this.timer.unref();
  }

  /** Stops the ticker. */
  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** A fixed text resource. */
  @Resource({
    uri: 'test://static-text',
    name: 'static-text',
    title: 'Static Text Resource',
    description: 'A static text resource for testing',
    mimeType: 'text/plain',
  })
  staticText() {
    return 'This is the content of the static text resource.';
  }

  /** A fixed binary resource (a 1×1 PNG). */
  @Resource({
    uri: 'test://static-binary',
    name: 'static-binary',
    title: 'Static Binary Resource',
    description: 'A static binary resource (image) for testing',
    mimeType: 'image/png',
  })
  staticBinary() {
    return { blob: TEST_IMAGE_BASE64 };
  }

  /** A resource that subscribers are told about every 3 seconds. */
  @Resource({
    uri: WATCHED_URI,
    name: 'watched-resource',
    title: 'Watched Resource',
    description: 'A resource that auto-updates every 3 seconds',
    mimeType: 'text/plain',
  })
  watched() {
    return 'Watched resource content';
  }

  /** JSON data for any `id`. */
  @ResourceTemplate({
    uriTemplate: 'test://template/{id}/data',
    name: 'template',
    title: 'Resource Template',
    description: 'A resource template with parameter substitution',
    mimeType: 'application/json',
  })
  templateData({ id }: Record<string, string | string[]>) {
    const value = Array.isArray(id) ? id.join(',') : id;
    return {
      contents: [
        {
          uri: `test://template/${value}/data`,
          mimeType: 'application/json',
          text: JSON.stringify({ id: value, templateTest: true, data: `Data for ID: ${value}` }),
        },
      ],
    };
  }
}
