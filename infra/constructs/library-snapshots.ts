import { type CfnResource, Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import type * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { ApiFunction } from './api-function';
import { nagRef } from './nag';

export interface LibrarySnapshotsProps {
  /** The table, with its stream enabled (infra/constructs/data.ts). */
  table: Table;
  retain: boolean;
}

/** Description of the builder function (tests tell it from the route functions by it). */
export const SNAPSHOT_BUILDER_DESCRIPTION = 'Library snapshot builder (DynamoDB stream of library items → S3)';

/**
 * The library's published snapshots (functions/lib/services/library-snapshot/, docs/architecture.md):
 * a private bucket, and a builder that the table's stream runs after library writes. Only
 * library items start it (an event filter on the key), at most one build runs at a time, and
 * records are batched for up to 5 s: a burst of edits is one build, never a herd.
 */
export class LibrarySnapshots extends Construct {
  readonly bucket: s3.Bucket;
  readonly builder: ApiFunction;

  constructor(scope: Construct, id: string, props: LibrarySnapshotsProps) {
    super(scope, id);
    const removalPolicy = props.retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      removalPolicy,
      autoDeleteObjects: !props.retain,
      // Each build writes a new version folder; readers move to it within their TTL, so old ones go after a day.
      lifecycleRules: [{ prefix: 'v/', expiration: Duration.days(1) }],
    });

    this.builder = new ApiFunction(this, 'Builder', {
      handler: 'library/build-snapshot',
      description: SNAPSHOT_BUILDER_DESCRIPTION,
      // The builder holds every prompt while it writes the pages: memory (and CPU with it) for 1M prompts.
      memoryMb: 4096,
      timeoutSeconds: 900,
      environment: { LIBRARY_BUCKET: this.bucket.bucketName },
      logRemovalPolicy: removalPolicy,
    }).bindTable(props.table, 'RO');
    (this.builder.node.defaultChild as lambda.CfnFunction).reservedConcurrentExecutions = 1;
    this.bucket.grantRead(this.builder);
    this.bucket.grantPut(this.builder);
    this.builder.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: lambda.StartingPosition.LATEST,
        batchSize: 1000,
        maxBatchingWindow: Duration.seconds(5),
        retryAttempts: 10,
        filters: [
          lambda.FilterCriteria.filter({ dynamodb: { Keys: { pk: { S: lambda.FilterRule.beginsWith('LIBPROMPT#') } } } }),
          lambda.FilterCriteria.filter({ dynamodb: { Keys: { pk: { S: lambda.FilterRule.beginsWith('LIBCAT#') } } } }),
        ],
      }),
    );

    const acknowledge = (scope: Construct, id: string, reason: string) => Validations.of(scope).acknowledge({ id, reason });
    acknowledge(this, 'AwsSolutions-S1', 'The snapshot bucket is read only by the API functions; S3 access logs add nothing the function logs do not show.');
    acknowledge(
      this,
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      'AWSLambdaBasicExecutionRole only lets the builder write its own CloudWatch logs.',
    );
    acknowledge(this, 'AwsSolutions-L1', 'Node.js 22 is pinned deliberately, as for the route functions.');
    acknowledge(this, 'AwsSolutions-IAM5[Resource::*]', 'dynamodb:ListStreams has no resource scope; the event source mapping needs it.');
    acknowledge(
      this,
      `AwsSolutions-IAM5[Resource::${nagRef(this, props.table.node.defaultChild as CfnResource, 'Arn')}/index/*]`,
      "The builder enumerates the library through the table's sparse library index.",
    );
    acknowledge(this, 'AwsSolutions-IAM5[Action::s3:Abort*]', 'grantPut: aborting its own multipart uploads of snapshot files.');
    this.acknowledgeObjectReads(this);
  }

  /** Reading snapshot files means every object of this one bucket (their names change per build). */
  private acknowledgeObjectReads(scope: Construct): void {
    for (const id of [
      'AwsSolutions-IAM5[Action::s3:GetObject*]',
      'AwsSolutions-IAM5[Action::s3:GetBucket*]',
      'AwsSolutions-IAM5[Action::s3:List*]',
      `AwsSolutions-IAM5[Resource::${nagRef(scope, this.bucket.node.defaultChild as CfnResource, 'Arn')}/*]`,
    ]) {
      Validations.of(scope).acknowledge({
        id,
        reason: 'Snapshot files are named per build (v/<version>/...): read access covers the objects of the snapshot bucket only.',
      });
    }
  }

  /** Read access to the snapshot files, for the execution role of the functions serving library reads. */
  grantReadTo(role: iam.Role): void {
    this.bucket.grantRead(role);
    this.acknowledgeObjectReads(role);
  }
}
