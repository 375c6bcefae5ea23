/** s3rver ships no types; the part the S3 store test uses. */
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';
  export default class S3rver {
    constructor(options: {
      port?: number;
      address?: string;
      silent?: boolean;
      directory: string;
      configureBuckets?: Array<{ name: string; configs: Array<string | Buffer> }>;
    });
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
