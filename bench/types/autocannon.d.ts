// The parts of autocannon 9 the benchmarks use (the package ships no types).
declare module 'autocannon' {
  interface Percentiles {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  }
  export interface Result {
    requests: Percentiles & { total: number; sent: number };
    latency: Percentiles & { totalCount: number };
    throughput: Percentiles & { total: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    pipelining?: number;
    headers?: Record<string, string>;
    method?: string;
    body?: string;
    requests?: {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      setupRequest?: (request: { path: string; method?: string }) => { path: string; method?: string };
    }[];
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
