import { randomUUID } from 'node:crypto';
import type { McpLogger } from '../../engine/logger.interface.js';
import type { McpClusterEvent, MessageBus } from '../../stores/message-bus.interface.js';
import type {
  ClusterRegistrationRecord,
  RegistrationStore,
} from '../../stores/registration-store.interface.js';
import type { ComponentRegistrar } from '../registry/component-registrar.js';
import type { PrimitiveRegistry } from '../registry/primitive-registry.js';
import type { PrimitiveListKind } from '../registry/registry-view.interface.js';
import type { ClusterRelay } from './cluster-relay.js';
import { RecordingRegistrar } from './recording-registrar.js';

/**
 * Builds the components of one cluster-wide registration from its JSON `params`, on every
 * instance: it calls `registrar.registerTool(...)` (or prompts, resources, templates) as often as
 * it likes. Must be deterministic (same params, same components) and synchronous.
 */
export type ClusterComponentFactory<TParams extends Record<string, unknown>> = (
  registrar: ComponentRegistrar,
  params: TParams,
) => void;

type AnyFactory = ClusterComponentFactory<Record<string, unknown>>;
type RegistrationEvent = Extract<McpClusterEvent, { type: 'registration' }>;

/** What the registrations need of the server. */
export interface ClusterRegistrationsHost {
  readonly registry: PrimitiveRegistry;
  /** The relay of a shared bus (undefined on a single instance). */
  readonly relay?: ClusterRelay;
  readonly bus?: MessageBus;
  readonly logger?: McpLogger;
  /** Publishes `list_changed` for one list to every instance's sessions. */
  notifyListChanged(kind: PrimitiveListKind): void;
}

/**
 * Runtime registration that holds on every instance of a service (`McpServer.cluster`). Handlers
 * are code, so they cannot travel: every instance {@link define}s the same named factories at
 * bootstrap, and {@link register} sends only a factory name and JSON parameters. The registration
 * is applied here, stored in the bus's {@link RegistrationStore} (instances started later catch up
 * in {@link define}), published on the bus (every running instance applies it) and then announced
 * once with `list_changed`, which every instance receives after it applied the registration. On a
 * bus that is not shared (one process) it simply registers here.
 */
export class McpClusterRegistrations {
  private readonly factories = new Map<string, AnyFactory>();
  private readonly applied = new Map<string, RecordingRegistrar>();
  /** Ids removed while a catch-up was reading the store (so it does not bring them back). */
  private readonly removedDuringCatchUp = new Set<string>();
  private catchingUp = 0;
  private readonly warned = new Set<string>();

  constructor(private readonly host: ClusterRegistrationsHost) {
    if (host.relay) host.relay.onRegistration = (event) => this.receive(event);
  }

  private get store(): RegistrationStore | undefined {
    return this.host.relay ? this.host.bus?.registrations : undefined;
  }

  /**
   * Defines a component factory under `name` (do it at bootstrap, on every instance, before
   * serving: in Nest, in an `async onModuleInit` that awaits this). Resolves once the stored
   * registrations of this factory are applied here. A name defined twice throws.
   */
  async define<TParams extends Record<string, unknown>>(
    name: string,
    factory: ClusterComponentFactory<TParams>,
  ): Promise<void> {
    if (this.factories.has(name)) throw new Error(`Cluster factory "${name}" is already defined`);
    this.factories.set(name, factory as AnyFactory);
    const store = this.store;
    if (!store) return;
    this.catchingUp++;
    try {
      for (const record of await store.list()) {
        if (record.factory !== name || this.removedDuringCatchUp.has(record.id)) continue;
        this.applyLogged(record);
      }
    } finally {
      if (--this.catchingUp === 0) this.removedDuringCatchUp.clear();
    }
  }

  /**
   * Runs factory `factory` with `params` on every instance (this one first: a duplicate name or a
   * factory error throws here and nothing is stored or published); resolves with the id that
   * {@link remove} takes, once the registration is stored and published.
   * @throws Error when the factory is not defined, or the bus is shared but keeps no registrations.
   * @example const id = await server.cluster.register('greeter', { name: 'hello' });
   */
  async register(factory: string, params: Record<string, unknown> = {}): Promise<string> {
    if (this.host.relay && !this.store)
      throw new Error('This message bus keeps no registrations: cluster registration needs one');
    const record: ClusterRegistrationRecord = {
      id: randomUUID(),
      factory,
      params: JSON.parse(JSON.stringify(params)) as Record<string, unknown>,
      at: Date.now(),
    };
    if (!this.factories.has(factory))
      throw new Error(`Cluster factory "${factory}" is not defined on this instance`);
    const lists = this.apply(record);
    record.lists = [...lists];
    try {
      await this.store?.put(record);
    } catch (error) {
      this.unapply(record.id);
      throw error;
    }
    const { lists: _lists, ...event } = record;
    await this.host.relay?.registration({ type: 'registration', ...event });
    for (const list of lists) this.host.notifyListChanged(list);
    return record.id;
  }

  /**
   * Removes a registration on every instance (and from the store); true when it existed.
   * `list_changed` is published once, after the removal event.
   */
  async remove(id: string): Promise<boolean> {
    const stored = await this.store?.delete(id);
    const lists = this.unapply(id);
    // An instance without the factory applied nothing here: the record names the lists.
    for (const list of stored?.lists ?? []) lists.add(list as PrimitiveListKind);
    if (!stored && lists.size === 0) return false;
    await this.host.relay?.registration({ type: 'registration', id });
    for (const list of lists) this.host.notifyListChanged(list);
    return true;
  }

  /** Ids of the registrations applied on this instance. */
  ids(): string[] {
    return [...this.applied.keys()];
  }

  private receive(event: RegistrationEvent): void {
    const { id, factory, params, at } = event;
    if (factory === undefined || params === undefined || at === undefined) {
      if (this.catchingUp > 0) this.removedDuringCatchUp.add(id);
      this.unapply(id);
      return;
    }
    // A factory not defined yet is fine: its define() catches up from the store.
    if (this.factories.has(factory)) this.applyLogged({ id, factory, params, at });
  }

  /** Applies a registration here without announcing it; returns the lists it changed. */
  private apply(record: ClusterRegistrationRecord): Set<PrimitiveListKind> {
    if (this.applied.has(record.id)) return new Set();
    const registrar = new RecordingRegistrar(this.host.registry);
    const factory = this.factories.get(record.factory)!;
    try {
      this.host.registry.quietly(() => factory(registrar, record.params));
    } catch (error) {
      this.host.registry.quietly(() => registrar.undo());
      throw error;
    }
    this.applied.set(record.id, registrar);
    return registrar.lists();
  }

  private applyLogged(record: ClusterRegistrationRecord): void {
    try {
      this.apply(record);
    } catch (error) {
      const key = `${record.factory}:${record.id}`;
      if (this.warned.has(key)) return;
      this.warned.add(key);
      this.host.logger?.warn(
        `Cluster registration ${record.id} (${record.factory}) not applied here: ${(error as Error).message}`,
      );
    }
  }

  private unapply(id: string): Set<PrimitiveListKind> {
    const registrar = this.applied.get(id);
    if (!registrar) return new Set();
    this.applied.delete(id);
    const lists = registrar.lists();
    this.host.registry.quietly(() => registrar.undo());
    return lists;
  }
}
