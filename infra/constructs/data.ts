import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { type IndexDefinition, LEGACY_USERS_INDEX, TABLE_SCHEMA } from '../table-schema';

export interface DataProps {
  /** prod keeps the table (and its data) when the stack goes, and refuses deletion. */
  retain: boolean;
  /** Keep the former users index (gsi1) for a deployment whose user items are not yet moved. */
  legacyUsersIndex?: boolean;
}

/**
 * The one DynamoDB table, built from TABLE_SCHEMA (the same definition the local stack uses):
 * on-demand, point-in-time recovery, encrypted with the AWS-managed key, TTL on `expires_at`,
 * a keys-only stream (library snapshot builds).
 */
export class Data extends Construct {
  readonly table: dynamodb.Table;
  /** The table's secondary indexes, by name (alarms watch each). */
  readonly indexNames: string[];

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);
    const str = (name: string) => ({ name, type: dynamodb.AttributeType.STRING });
    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: str(TABLE_SCHEMA.partitionKey),
      sortKey: str(TABLE_SCHEMA.sortKey),
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      timeToLiveAttribute: TABLE_SCHEMA.ttlAttribute,
      deletionProtection: props.retain,
      removalPolicy: props.retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      // Keys of changed items: the library snapshot builder runs on library items' changes.
      stream: dynamodb.StreamViewType.KEYS_ONLY,
    });
    const indexes: IndexDefinition[] = [...(props.legacyUsersIndex ? [LEGACY_USERS_INDEX] : []), ...TABLE_SCHEMA.indexes];
    this.indexNames = indexes.map((i) => i.name);
    for (const index of indexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: str(index.partitionKey),
        sortKey: str(index.sortKey),
        ...('include' in index
          ? { projectionType: dynamodb.ProjectionType.INCLUDE, nonKeyAttributes: [...index.include] }
          : { projectionType: dynamodb.ProjectionType.ALL }),
      });
    }
  }
}
