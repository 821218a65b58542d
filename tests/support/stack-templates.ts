import { NestedStack, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';

/** A CloudFormation template as JSON (`Resources`, `Parameters`, `Outputs`). */
export type TemplateJson = Record<string, any>;

/** One stack's own template, and where it sits. */
export interface StackTemplate {
  /** The construct path: `Construct-dev`, `Construct-dev/RoutesPrompts`. */
  path: string;
  stack: Stack;
  json: TemplateJson;
}

interface Scope {
  json: TemplateJson;
  /** Prepended to the scope's logical ids in the merged view: '' for the main stack, `RoutesPrompts/` for a nested one. */
  prefix: string;
  parent?: Scope;
  /** The nested stack's resource in its parent's template. */
  resourceInParent?: string;
  /** Nested stacks of this scope by their resource's logical id. */
  children: Map<string, Scope>;
}

/**
 * A stack and its nested stacks as one template (`toJSON()` like `Template`), so an assertion
 * reads as it did when everything was one stack: every resource of every template, a nested
 * stack's ids prefixed with its construct id (`RoutesPrompts/PostPrompts1A2B3C4D`), and the
 * references between stacks followed to what they name — a nested stack's parameter becomes the
 * value its parent passes (`{Ref: 'DataTableFDBAD0F2'}`), a parent's `Outputs.X` of a nested
 * stack the output's value. `stacks` keeps each template as synthesised (Template.fromStack).
 */
export class StackTemplates {
  readonly stacks: StackTemplate[] = [];
  private readonly merged: TemplateJson;
  private readonly root: Scope;

  constructor(stack: Stack) {
    const root = this.scopeOf(stack, '', undefined);
    this.root = root;
    const resources: TemplateJson = {};
    const visit = (scope: Scope) => {
      for (const [id, resource] of Object.entries<TemplateJson>(scope.json.Resources ?? {})) {
        const copy = rewrite(resource, scope) as TemplateJson;
        if (resource.DependsOn) copy.DependsOn = [resource.DependsOn].flat().map((d: string) => scope.prefix + d);
        resources[scope.prefix + id] = copy;
      }
      for (const child of scope.children.values()) visit(child);
    };
    visit(root);
    this.merged = { ...root.json, Resources: resources, Outputs: rewrite(root.json.Outputs ?? {}, root) };
  }

  toJSON(): TemplateJson {
    return this.merged;
  }

  /** The main template's resource that makes the merged view's `id`: itself, or the nested stack holding it. */
  holderOf(id: string): string {
    for (const [resourceId, child] of this.root.children) if (id.startsWith(child.prefix)) return resourceId;
    return id;
  }

  private scopeOf(stack: Stack, prefix: string, parent: Scope | undefined): Scope {
    const json = Template.fromStack(stack).toJSON();
    this.stacks.push({ path: stack.node.path, stack, json });
    const scope: Scope = { json, prefix, parent, children: new Map() };
    const nested = stack.node.findAll().filter((c): c is NestedStack => c instanceof NestedStack && c.nestedStackParent === stack);
    for (const child of nested) {
      const resourceId = stack.resolve(child.nestedStackResource!.logicalId) as string;
      const childScope = this.scopeOf(child, `${prefix}${child.node.id}/`, scope);
      childScope.resourceInParent = resourceId;
      scope.children.set(resourceId, childScope);
    }
    return scope;
  }
}

/** A value of `scope`'s template with its references made to name the merged view's resources. */
function rewrite(value: unknown, scope: Scope): unknown {
  if (Array.isArray(value)) return value.map((v) => rewrite(v, scope));
  if (!value || typeof value !== 'object') return value;
  const object = value as TemplateJson;
  const keys = Object.keys(object);
  if (keys.length === 1 && keys[0] === 'Ref' && typeof object.Ref === 'string') {
    const id = object.Ref;
    if (scope.json.Resources?.[id]) return { Ref: scope.prefix + id };
    if (scope.parent && scope.json.Parameters?.[id]) {
      const passed = scope.parent.json.Resources[scope.resourceInParent!].Properties.Parameters?.[id];
      if (passed === undefined) throw new Error(`${scope.prefix}: no value for the parameter ${id}`);
      return rewrite(passed, scope.parent);
    }
    return object;
  }
  if (keys.length === 1 && keys[0] === 'Fn::GetAtt' && Array.isArray(object['Fn::GetAtt'])) {
    const [id, attribute] = object['Fn::GetAtt'] as [string, string];
    const child = scope.children.get(id);
    if (child && attribute.startsWith('Outputs.')) {
      const output = child.json.Outputs?.[attribute.slice('Outputs.'.length)];
      if (!output) throw new Error(`${child.prefix}: no output ${attribute}`);
      return rewrite(output.Value, child);
    }
    if (scope.json.Resources?.[id]) return { 'Fn::GetAtt': [scope.prefix + id, attribute] };
    return object;
  }
  return Object.fromEntries(keys.map((k) => [k, rewrite(object[k], scope)]));
}
