import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import type { InstanceWrapper } from '@nestjs/core/injector/instance-wrapper.js';
import { McpServer } from '../../server/mcp-server.js';
import { McpMetadataAccessor, type McpMethodMetadata } from './mcp-metadata.accessor.js';

type Handler = (...args: never[]) => unknown;

/**
 * Finds `@Tool`, `@Prompt`, `@Resource` and `@ResourceTemplate` methods on providers at bootstrap
 * and registers them (schemas compiled once) with the McpServer. A duplicate name fails bootstrap
 * naming both `Class#method`s.
 */
@Injectable()
export class McpExplorer implements OnModuleInit {
  private readonly logger = new Logger('McpExplorer');

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly accessor: McpMetadataAccessor,
    private readonly server: McpServer,
  ) {}

  onModuleInit(): void {
    for (const wrapper of this.discovery.getProviders()) this.explore(wrapper);
    const { tools, prompts, resources, resourceTemplates } = this.server;
    this.logger.log(
      `Registered ${tools.size} tools, ${prompts.size} prompts, ${resources.size} resources, ` +
        `${resourceTemplates.size} resource templates`,
    );
  }

  private explore(wrapper: InstanceWrapper): void {
    const { instance } = wrapper;
    if (!instance || typeof instance !== 'object' || !wrapper.isDependencyTreeStatic()) return;
    const prototype = Object.getPrototypeOf(instance) as object;
    for (const methodName of this.scanner.getAllMethodNames(prototype)) {
      const method = (instance as Record<string, Handler>)[methodName];
      for (const metadata of this.accessor.getMetadata(method)) {
        const origin = `${instance.constructor.name}#${methodName}`;
        this.register(metadata, method.bind(instance), methodName, origin);
      }
    }
  }

  private register(
    metadata: McpMethodMetadata,
    handler: Handler,
    methodName: string,
    origin: string,
  ): void {
    const name = metadata.options.name ?? methodName;
    switch (metadata.kind) {
      case 'tool':
        return this.server.registerTool({ ...metadata.options, name, origin }, handler as never);
      case 'prompt':
        return this.server.registerPrompt({ ...metadata.options, name, origin }, handler as never);
      case 'resource':
        return this.server.registerResource(
          { ...metadata.options, name, origin },
          handler as never,
        );
      case 'resourceTemplate':
        return this.server.registerResourceTemplate(
          { ...metadata.options, name, origin },
          handler as never,
        );
    }
  }
}
