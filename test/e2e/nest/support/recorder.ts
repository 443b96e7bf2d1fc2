import { Injectable } from '@nestjs/common';

/** One fact an enhancer or handler recorded. */
export interface Recorded {
  kind: string;
  data: Record<string, unknown>;
}

/** Collects what guards, interceptors, pipes and handlers saw, for the tests to assert on. */
@Injectable()
export class Recorder {
  readonly entries: Recorded[] = [];

  record(kind: string, data: Record<string, unknown>): void {
    this.entries.push({ kind, data });
  }

  /** The data of every entry of a kind, oldest first. */
  of(kind: string): Array<Record<string, unknown>> {
    return this.entries.filter((e) => e.kind === kind).map((e) => e.data);
  }

  clear(): void {
    this.entries.length = 0;
  }
}
