import { type CfnResource, Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { queueUrlEnv, visibilityTimeoutOf, type WorkerDef, workerId, workerTableProblems } from '../../shared/workers';
import { ApiFunction } from './api-function';
import { nagRef } from './nag';

/** A worker function's description starts with this (tests and alarms tell workers from routes by it). */
export const WORKER_DESCRIPTION = 'Worker';

export interface WorkersProps {
  workers: readonly WorkerDef[];
  table: ITable;
  /** prod keeps the dead-letter queues and logs when the stack is deleted. */
  retain: boolean;
}

/**
 * One SQS queue, its dead-letter queue, a worker function and the event source mapping between
 * them per entry of the worker table (shared/workers.ts; docs/architecture.md, "Background work"):
 *
 * - the mapping reports partial batch failures, delivers `batchSize` messages per invocation and
 *   keeps at most `maxConcurrency` invocations at once;
 * - a message hides for the visibility time-out (longer than the function's time-out, so a slow
 *   invocation never sees its messages delivered again while it runs), and after
 *   `maxReceiveCount` deliveries moves to the dead-letter queue (kept 14 days), whose depth the
 *   alarms watch (infra/constructs/alarms.ts);
 * - each worker has its own role: the table at its access, receive/delete on its own queue (the
 *   mapping's grant), sqs:SendMessage on the queues it enqueues to and nothing else.
 *
 * Senders outside the table (route functions) get `grantSend` and `queueUrl` from the stack.
 */
export class Workers extends Construct {
  readonly queues = new Map<string, sqs.Queue>();
  readonly deadLetterQueues = new Map<string, sqs.Queue>();
  readonly functions = new Map<string, ApiFunction>();

  constructor(scope: Construct, id: string, props: WorkersProps) {
    super(scope, id);
    const problems = workerTableProblems(props.workers);
    if (problems.length) throw new Error(`The worker table is invalid: ${problems.join('; ')}`);
    const removalPolicy = props.retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
    const logGroup = props.workers.length ? new logs.LogGroup(this, 'Logs', { retention: logs.RetentionDays.ONE_MONTH, removalPolicy }) : undefined;

    for (const def of props.workers) {
      const name = workerId(def.name);
      const deadLetters = new sqs.Queue(this, `${name}DeadLetters`, {
        retentionPeriod: Duration.days(14),
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        removalPolicy,
      });
      const queue = new sqs.Queue(this, `${name}Queue`, {
        visibilityTimeout: Duration.seconds(visibilityTimeoutOf(def)),
        retentionPeriod: Duration.days(4),
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        deadLetterQueue: { queue: deadLetters, maxReceiveCount: def.maxReceiveCount },
      });
      const fn = new ApiFunction(this, `${name}Worker`, {
        handler: def.handler,
        description: `${WORKER_DESCRIPTION} ${def.name}`,
        memoryMb: def.memoryMb,
        timeoutSeconds: def.timeoutSeconds,
        logRemovalPolicy: removalPolicy,
        logGroup,
      }).bindTable(props.table, def.table ?? 'RW');
      fn.addEventSource(new SqsEventSource(queue, { batchSize: def.batchSize, maxConcurrency: def.maxConcurrency, reportBatchItemFailures: true }));
      this.queues.set(def.name, queue);
      this.deadLetterQueues.set(def.name, deadLetters);
      this.functions.set(def.name, fn);
    }
    for (const def of props.workers) {
      const fn = this.functions.get(def.name)!;
      for (const target of def.enqueues ?? []) {
        this.grantSend(target, fn);
        fn.addEnvironment(queueUrlEnv(target), this.queueUrl(target));
      }
    }

    if (props.workers.length) {
      const acknowledge = (rule: string, reason: string) => Validations.of(this).acknowledge({ id: rule, reason });
      acknowledge(
        'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        'AWSLambdaBasicExecutionRole only lets a worker write its own CloudWatch logs.',
      );
      acknowledge(
        `AwsSolutions-IAM5[Resource::${nagRef(this, props.table.node.defaultChild as CfnResource, 'Arn')}/index/*]`,
        'grantReadData/grantReadWriteData add <table>/index/* so workers can query the GSIs of this one table.',
      );
      acknowledge('AwsSolutions-L1', 'Node.js 22 is pinned deliberately, as for the route functions.');
    }
  }

  /** sqs:SendMessage (SendMessageBatch included) on one worker's queue, nothing else. */
  grantSend(worker: string, grantee: iam.IGrantable): void {
    iam.Grant.addToPrincipal({ grantee, actions: ['sqs:SendMessage'], resourceArns: [this.queueOf(worker).queueArn] });
  }

  queueUrl(worker: string): string {
    return this.queueOf(worker).queueUrl;
  }

  private queueOf(worker: string): sqs.Queue {
    const queue = this.queues.get(worker);
    if (!queue) throw new Error(`No worker named ${worker} in the worker table`);
    return queue;
  }
}
