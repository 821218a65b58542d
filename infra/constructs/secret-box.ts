import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';

/** The variable naming the key to the functions that seal and open (functions/lib/services/secret-box.ts). */
export const SECRET_BOX_KEY_ENV = 'SECRET_BOX_KEY_ID';

/**
 * The customer-managed KMS key that wraps the data keys of secrets users give (docs/architecture.md,
 * "Secrets users give"): rotated yearly by KMS, kept when a prod stack is deleted, and usable
 * (GenerateDataKey, Decrypt) only by the functions whose route or worker says `secrets: true`.
 */
export class SecretBox extends Construct {
  readonly key: kms.Key;

  constructor(scope: Construct, id: string, props: { retain: boolean }) {
    super(scope, id);
    this.key = new kms.Key(this, 'Key', {
      description: "Construct: wraps the data keys of secrets users give (providers' API keys, webhook signing secrets)",
      enableKeyRotation: true,
      rotationPeriod: Duration.days(365),
      removalPolicy: props.retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
  }

  /** Seal (GenerateDataKey) and open (Decrypt) with this key, nothing else. */
  grant(grantee: iam.IGrantable): void {
    this.key.grant(grantee, 'kms:GenerateDataKey', 'kms:Decrypt');
  }
}
