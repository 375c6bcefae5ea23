import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { MediaConfig } from '../../../config/media.js';
import type { ByteRange, ObjectStore } from './object-store.js';

/**
 * Objects in an S3-compatible bucket (AWS, MinIO, R2...). Credentials come from the AWS SDK's usual sources
 * (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, a profile, an instance role).
 */
export class S3Store implements ObjectStore {
  readonly kind = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(cfg: NonNullable<MediaConfig['s3']>) {
    this.bucket = cfg.bucket;
    this.client = new S3Client({
      region: cfg.region,
      forcePathStyle: cfg.forcePathStyle,
      // Checksums only where S3 requires them: the default streams uploads as aws-chunked with trailing checksums,
      // which many S3-compatible servers (older MinIO, s3rver, some gateways) store verbatim, corrupting the file.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(cfg.endpoint ? { endpoint: cfg.endpoint } : {}),
    });
  }

  async probe(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  async putFile(key: string, tempPath: string, contentType: string): Promise<void> {
    const { size } = await stat(tempPath);
    // A known length lets the file stream up in one request without buffering.
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: createReadStream(tempPath),
        ContentLength: size,
        ContentType: contentType,
      }),
    );
    await rm(tempPath, { force: true });
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const out = await this.client.send(
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
      }),
    );
    return out.Body as Readable;
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }
}
