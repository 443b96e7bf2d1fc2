/**
 * One cluster-wide registration: which component factory to run (defined under that name on
 * every instance) and the JSON parameters to run it with.
 */
export interface ClusterRegistrationRecord {
  /** Unique id of the registration (what removes it). */
  id: string;
  /** Name of the component factory every instance defined at bootstrap. */
  factory: string;
  /** JSON parameters given to the factory. */
  params: Record<string, unknown>;
  /** When it was registered (ms since the epoch); instances catching up apply in this order. */
  at: number;
  /** The lists it changes (`tools`, `prompts`, `resources`), announced again when it is removed. */
  lists?: string[];
}

/**
 * Where the cluster-wide registrations are kept so an instance started later catches up. A shared
 * {@link MessageBus} (Redis) carries one; the in-memory bus serves one process and needs none.
 */
export interface RegistrationStore {
  /** Every stored registration, oldest first. */
  list(): Promise<ClusterRegistrationRecord[]>;
  put(record: ClusterRegistrationRecord): Promise<void>;
  /** Deletes one; resolves with it, or undefined when there was none. */
  delete(id: string): Promise<ClusterRegistrationRecord | undefined>;
}
