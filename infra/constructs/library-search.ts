import { Lazy, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as aoss from 'aws-cdk-lib/aws-opensearchserverless';
import { Construct } from 'constructs';

export interface LibrarySearchProps {
  stage: string;
  /** Standby replicas double the OCUs (and the cost) for availability across zones: prod only. */
  standbyReplicas: boolean;
}

/**
 * The library's search engine when a stage enables it (`librarySearch: opensearch`; cost in the
 * README): an OpenSearch Serverless search collection that the snapshot builder writes and the
 * library page function queries (functions/lib/services/library-search.ts, docs/architecture.md).
 * Access is IAM only: the data access policy names the roles granted here, and nothing else.
 */
export class LibrarySearch extends Construct {
  readonly collection: aoss.CfnCollection;
  private readonly readers: iam.IRole[] = [];
  private readonly writers: iam.IRole[] = [];

  constructor(scope: Construct, id: string, props: LibrarySearchProps) {
    super(scope, id);
    // Collection and policy names: at most 32 lower-case characters.
    const name = `cst-${props.stage}-library`.slice(0, 32);
    const encryption = new aoss.CfnSecurityPolicy(this, 'Encryption', {
      name: `${name}-enc`.slice(0, 32),
      type: 'encryption',
      policy: JSON.stringify({ Rules: [{ ResourceType: 'collection', Resource: [`collection/${name}`] }], AWSOwnedKey: true }),
    });
    // Lambda functions outside a VPC reach the endpoint over the internet; every request is still
    // signed and checked against the data access policy below.
    const network = new aoss.CfnSecurityPolicy(this, 'Network', {
      name: `${name}-net`.slice(0, 32),
      type: 'network',
      policy: JSON.stringify([{ Rules: [{ ResourceType: 'collection', Resource: [`collection/${name}`] }], AllowFromPublic: true }]),
    });
    this.collection = new aoss.CfnCollection(this, 'Collection', {
      name,
      type: 'SEARCH',
      standbyReplicas: props.standbyReplicas ? 'ENABLED' : 'DISABLED',
      description: 'Construct library search (one document per library prompt)',
    });
    this.collection.addDependency(encryption);
    this.collection.addDependency(network);

    const stack = Stack.of(this);
    const arns = (roles: iam.IRole[]) => roles.map((r) => r.roleArn);
    new aoss.CfnAccessPolicy(this, 'DataAccess', {
      name: `${name}-data`.slice(0, 32),
      type: 'data',
      policy: Lazy.string({
        produce: () =>
          stack.toJsonString([
            {
              Description: 'The snapshot builder keeps the index in step',
              Rules: [
                {
                  ResourceType: 'index',
                  Resource: [`index/${name}/*`],
                  Permission: ['aoss:CreateIndex', 'aoss:DescribeIndex', 'aoss:UpdateIndex', 'aoss:ReadDocument', 'aoss:WriteDocument'],
                },
              ],
              Principal: arns(this.writers),
            },
            {
              Description: 'The library page function searches',
              Rules: [{ ResourceType: 'index', Resource: [`index/${name}/*`], Permission: ['aoss:DescribeIndex', 'aoss:ReadDocument'] }],
              Principal: arns(this.readers),
            },
          ]),
      }),
    });
  }

  /** The endpoint functions reach the collection at (LIBRARY_SEARCH_ENDPOINT). */
  get endpoint(): string {
    return this.collection.attrCollectionEndpoint;
  }

  /** Lets a role call the collection's API; `write` also lets it create and write the index. */
  grant(role: iam.IRole, { write = false } = {}): void {
    (write ? this.writers : this.readers).push(role);
    role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['aoss:APIAccessAll'], resources: [this.collection.attrArn] }));
  }
}
