import { Duration, Validations } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { workerId } from '../../shared/workers';

export interface AlarmsProps {
  /** `dev`, `prod`, …: named in the topic and every alarm, so a notification says where. */
  stage: string;
  httpApi: IHttpApi;
  table: dynamodb.ITable;
  /** Global secondary indexes of the table, whose throttles count too. */
  indexNames: readonly string[];
  /** Optional address subscribed to the topic (AWS sends a confirmation mail first). */
  email?: string;
}

/** Every alarm looks at 5-minute periods. */
const PERIOD = Duration.minutes(5);

/**
 * Thresholds, chosen so that a notification means "look now":
 * - 5xx: handlers map known failures to 4xx, so a 5xx is a bug or an upstream outage. Alarm when
 *   5 % of at least 10 requests in a period fail (below 10 requests a single error is noise).
 * - p99 latency: reads answer in tens of milliseconds and password hashing in a few hundred;
 *   only enhancement with OpenAI takes seconds. Sustained 5 s for 15 minutes is a real slowdown.
 * - Lambda errors count crashes and time-outs only (handled errors are responses): 5 in a period.
 * - Lambda throttles: any; a throttled invocation is a failed request (concurrency quota reached).
 * - DynamoDB: the SDK retries throttles and 500s, so a few are absorbed; 10 throttled events or 5
 *   system errors in a period are not.
 */
export const THRESHOLDS = {
  serverErrorPercent: 5,
  minRequests: 10,
  p99LatencyMs: 5_000,
  latencyPeriods: 3,
  lambdaErrors: 5,
  lambdaThrottles: 1,
  dynamoThrottles: 10,
  dynamoSystemErrors: 5,
} as const;

/** A CloudWatch alarm's metric math may reference at most 10 metrics (a hard limit). */
export const MAX_METRICS_PER_ALARM = 10;

/** The DynamoDB operations the handlers and the import CLI use (SystemErrors exists per operation). */
const DYNAMO_OPERATIONS = [
  dynamodb.Operation.GET_ITEM,
  dynamodb.Operation.BATCH_GET_ITEM,
  dynamodb.Operation.QUERY,
  dynamodb.Operation.SCAN,
  dynamodb.Operation.PUT_ITEM,
  dynamodb.Operation.UPDATE_ITEM,
  dynamodb.Operation.DELETE_ITEM,
  dynamodb.Operation.BATCH_WRITE_ITEM,
  dynamodb.Operation.TRANSACT_WRITE_ITEMS,
  dynamodb.Operation.TRANSACT_GET_ITEMS,
];

const sum = { period: PERIOD, statistic: cloudwatch.Stats.SUM };
const common = {
  evaluationPeriods: 1,
  comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
  treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
};
const nameIn = (stage: string) => (what: string) => `Construct ${stage}: ${what}`;

/** The kinds of Lambda alarm, each summed over groups of functions behind one composite alarm. */
const LAMBDA_KINDS = [
  { id: 'LambdaErrors', what: 'Lambda errors (crashes, time-outs)', metric: (fn: IFunction) => fn.metricErrors(sum), threshold: THRESHOLDS.lambdaErrors },
  { id: 'LambdaThrottles', what: 'Lambda throttles', metric: (fn: IFunction) => fn.metricThrottles(sum), threshold: THRESHOLDS.lambdaThrottles },
] as const;
type LambdaKind = (typeof LAMBDA_KINDS)[number]['id'];

/**
 * Operator alarms, all notifying one SNS topic (alarm and recovery): the API's 5xx rate and p99
 * latency, errors and throttles of every function, and DynamoDB throttles and system errors.
 *
 * There are more functions than one alarm's metric math can hold, so each stack groups its
 * functions ten to an alarm (`FunctionAlarms`); one composite alarm per kind (errors, throttles)
 * here notifies when any group of any stack fires, and the group alarm's description lists its routes.
 */
export class Alarms extends Construct {
  readonly topic: sns.Topic;
  /** The alarms that notify the topic (group alarms are reached through their composite). */
  readonly notifying: cloudwatch.AlarmBase[] = [];
  private readonly stage: string;

  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id);
    this.stage = props.stage;
    const name = nameIn(props.stage);

    this.topic = new sns.Topic(this, 'Topic', { displayName: name('alarms'), enforceSSL: true });
    if (props.email) this.topic.addSubscription(new subscriptions.EmailSubscription(props.email));

    // ---- API Gateway ----------------------------------------------------------------------------
    this.notify(
      new cloudwatch.Alarm(this, 'Api5xxRate', {
        ...common,
        alarmDescription: `${name('API 5xx rate')} ≥ ${THRESHOLDS.serverErrorPercent} % of requests in 5 minutes (with at least ${THRESHOLDS.minRequests} requests). See the API access logs and the function logs.`,
        metric: new cloudwatch.MathExpression({
          expression: `IF(requests >= ${THRESHOLDS.minRequests}, 100 * FILL(errors, 0) / requests, 0)`,
          usingMetrics: { requests: props.httpApi.metricCount(sum), errors: props.httpApi.metricServerError(sum) },
          period: PERIOD,
          label: '5xx % of requests',
        }),
        threshold: THRESHOLDS.serverErrorPercent,
      }),
    );
    this.notify(
      new cloudwatch.Alarm(this, 'ApiLatencyP99', {
        ...common,
        alarmDescription: `${name('API p99 latency')} ≥ ${THRESHOLDS.p99LatencyMs} ms for ${THRESHOLDS.latencyPeriods * 5} minutes.`,
        metric: props.httpApi.metricLatency({ period: PERIOD, statistic: cloudwatch.Stats.p(99) }),
        threshold: THRESHOLDS.p99LatencyMs,
        evaluationPeriods: THRESHOLDS.latencyPeriods,
        datapointsToAlarm: THRESHOLDS.latencyPeriods,
      }),
    );

    // ---- DynamoDB ---------------------------------------------------------------------------------
    const indexMetric = (metricName: string, indexName?: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/DynamoDB',
        metricName,
        dimensionsMap: { TableName: props.table.tableName, ...(indexName ? { GlobalSecondaryIndexName: indexName } : {}) },
        ...sum,
      });
    const throttleMetrics: Record<string, cloudwatch.IMetric> = {};
    for (const [i, index] of [undefined, ...props.indexNames].entries()) {
      throttleMetrics[`read${i}`] = indexMetric('ReadThrottleEvents', index);
      throttleMetrics[`write${i}`] = indexMetric('WriteThrottleEvents', index);
    }
    this.notify(
      new cloudwatch.Alarm(this, 'DynamoThrottles', {
        ...common,
        alarmDescription: `${name('DynamoDB throttled events')} (table and indexes, reads and writes) ≥ ${THRESHOLDS.dynamoThrottles} in 5 minutes.`,
        metric: new cloudwatch.MathExpression({
          expression: `SUM([${Object.keys(throttleMetrics).join(', ')}])`,
          usingMetrics: throttleMetrics,
          period: PERIOD,
          label: 'DynamoDB throttled events',
        }),
        threshold: THRESHOLDS.dynamoThrottles,
      }),
    );
    this.notify(
      new cloudwatch.Alarm(this, 'DynamoSystemErrors', {
        ...common,
        alarmDescription: `${name('DynamoDB system errors')} (HTTP 500 from DynamoDB) ≥ ${THRESHOLDS.dynamoSystemErrors} in 5 minutes.`,
        metric: props.table.metricSystemErrorsForOperations({ operations: DYNAMO_OPERATIONS, period: PERIOD }),
        threshold: THRESHOLDS.dynamoSystemErrors,
      }),
    );

    Validations.of(this).acknowledge({
      id: 'AwsSolutions-SNS2',
      reason:
        'Alarm notifications carry alarm names and states only; CloudWatch cannot publish to a topic encrypted with the AWS-managed SNS key, and a customer-managed key is not warranted for them.',
    });
  }

  /** Sends the alarm and its recovery to the topic. */
  notify<A extends cloudwatch.AlarmBase>(alarm: A): A {
    const action = new SnsAction(this.topic);
    alarm.addAlarmAction(action);
    alarm.addOkAction(action);
    this.notifying.push(alarm);
    return alarm;
  }

  /** Lambda errors and throttles: one composite alarm per kind over the group alarms of every stack's functions. */
  watchFunctions(groups: readonly FunctionAlarms[]): void {
    const name = nameIn(this.stage);
    for (const kind of LAMBDA_KINDS) {
      this.notify(
        new cloudwatch.CompositeAlarm(this, kind.id, {
          alarmDescription: `${name(kind.what)} in any route function; the group alarm in ALARM state names the routes.`,
          alarmRule: cloudwatch.AlarmRule.anyOf(...groups.flatMap((g) => g.groups[kind.id])),
        }),
      );
    }
  }

  /** Background work: a message in a dead-letter queue was given up after its retries. The alarms go in `scope`, beside their queues. */
  watchDeadLetters(scope: Construct, deadLetterQueues: ReadonlyMap<string, IQueue>): void {
    const name = nameIn(this.stage);
    for (const [worker, queue] of deadLetterQueues) {
      this.notify(
        new cloudwatch.Alarm(scope, `DeadLetters${workerId(worker)}`, {
          ...common,
          alarmDescription: `${name(`worker ${worker}: messages in its dead-letter queue`)} ≥ 1. They failed every delivery; see the worker's log lines with lastTry, fix, then redrive them (SQS console: Start DLQ redrive).`,
          metric: queue.metricApproximateNumberOfMessagesVisible({ period: PERIOD, statistic: cloudwatch.Stats.MAXIMUM }),
          threshold: 1,
        }),
      );
    }
  }
}

/**
 * The group alarms of one stack's functions: errors and throttles summed over ten functions each
 * (CloudWatch's limit per alarm), silent themselves; `Alarms.watchFunctions` puts them behind the
 * composite alarms that notify.
 */
export class FunctionAlarms extends Construct {
  readonly groups = { LambdaErrors: [], LambdaThrottles: [] } as Record<LambdaKind, cloudwatch.Alarm[]>;

  /** `functions`: by route key (`POST /auth/login`) or `worker <name>`, which the descriptions name. */
  constructor(scope: Construct, id: string, props: { stage: string; functions: ReadonlyMap<string, IFunction> }) {
    super(scope, id);
    const name = nameIn(props.stage);
    const functions = [...props.functions.entries()];
    const groups: [string, IFunction][][] = [];
    for (let i = 0; i < functions.length; i += MAX_METRICS_PER_ALARM) groups.push(functions.slice(i, i + MAX_METRICS_PER_ALARM));
    for (const kind of LAMBDA_KINDS) {
      this.groups[kind.id] = groups.map(
        (group, g) =>
          new cloudwatch.Alarm(this, `${kind.id}${g + 1}`, {
            ...common,
            alarmDescription: `${name(kind.what)} ≥ ${kind.threshold} in 5 minutes, summed over: ${group.map(([route]) => route).join(', ')}.`,
            metric: new cloudwatch.MathExpression({
              expression: `SUM([${group.map((_, i) => `m${i}`).join(', ')}])`,
              usingMetrics: Object.fromEntries(group.map(([, fn], i) => [`m${i}`, kind.metric(fn)])),
              period: PERIOD,
              label: kind.what,
            }),
            threshold: kind.threshold,
          }),
      );
    }
  }
}
