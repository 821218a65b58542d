import { SlidersHorizontal } from 'lucide-react';
import { useFormContext, useWatch } from 'react-hook-form';
import { describeConfig } from '@shared/chat';
import { configOf, SETTINGS_RULES, type SettingsFields, toolNames } from '@/lib/chat-form';
import { Field } from '../ui/field';
import { Input } from '../ui/input';
import { Select } from '../ui/select';
import { Textarea } from '../ui/textarea';
import './chat-editor.css';

export interface SettingsFormValues {
  settings: SettingsFields;
}

const TOOLS_EXAMPLE = `[
  {
    "name": "get_weather",
    "description": "The weather in a city",
    "parameters": { "type": "object", "properties": { "city": { "type": "string" } }, "required": ["city"] }
  }
]`;

/**
 * A prompt's model settings, saved with each version (docs/product.md): a collapsed section whose
 * summary says what is set; every field optional. Tools and the response schema are JSON; the
 * server checks that they are valid JSON Schema.
 */
export function ModelSettings({ disabled }: { disabled?: boolean }) {
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<SettingsFormValues>();
  const settings = useWatch({ control, name: 'settings' });
  const problems = errors.settings;
  const parsed = configOf(settings);
  const summary = 'config' in parsed ? describeConfig(parsed.config) || 'Not set: the model and its defaults decide' : 'Check the settings below';
  const names = toolNames(settings.tools);

  return (
    <details className="model-settings" open={Boolean(problems) || undefined}>
      <summary className="model-settings__summary">
        <SlidersHorizontal aria-hidden="true" />
        <span className="model-settings__title">Model settings</span>
        <span className="model-settings__brief">{summary}</span>
      </summary>
      <fieldset className="model-settings__fields" disabled={disabled}>
        <div className="model-settings__grid">
          <Field label="Model" error={problems?.model?.message} className="model-settings__model">
            <Input {...register('settings.model', { validate: SETTINGS_RULES.model })} autoComplete="off" spellCheck={false} placeholder="e.g. gpt-4.1-mini" />
          </Field>
          <Field label="Temperature" error={problems?.temperature?.message}>
            <Input {...register('settings.temperature', { validate: SETTINGS_RULES.temperature })} inputMode="decimal" placeholder="0 to 2" />
          </Field>
          <Field label="Top P" error={problems?.top_p?.message}>
            <Input {...register('settings.top_p', { validate: SETTINGS_RULES.top_p })} inputMode="decimal" placeholder="0 to 1" />
          </Field>
          <Field label="Max tokens" error={problems?.max_tokens?.message}>
            <Input {...register('settings.max_tokens', { validate: SETTINGS_RULES.max_tokens })} inputMode="numeric" placeholder="e.g. 1024" />
          </Field>
        </div>
        <Field label="Stop sequences" description="One per line, up to 4." error={problems?.stop?.message}>
          <Textarea {...register('settings.stop', { validate: SETTINGS_RULES.stop })} rows={2} spellCheck={false} />
        </Field>
        <div className="model-settings__grid">
          <Field label="Response format">
            <Select {...register('settings.format', { deps: ['settings.schema', 'settings.schema_name'] })}>
              <option value="">Default</option>
              <option value="text">Text</option>
              <option value="json_object">JSON object</option>
              <option value="json_schema">JSON schema</option>
            </Select>
          </Field>
          {settings.format === 'json_schema' ? (
            <Field label="Schema name" error={problems?.schema_name?.message}>
              <Input
                {...register('settings.schema_name', { validate: (v, values) => SETTINGS_RULES.schema_name(v, values.settings) })}
                autoComplete="off"
                spellCheck={false}
                placeholder="e.g. answer"
              />
            </Field>
          ) : null}
        </div>
        {settings.format === 'json_schema' ? (
          <Field label="JSON schema" description="The answer must be valid against it." error={problems?.schema?.message}>
            <Textarea
              {...register('settings.schema', { validate: (v, values) => SETTINGS_RULES.schema(v, values.settings) })}
              rows={6}
              spellCheck={false}
              className="model-settings__json"
              placeholder={'{ "type": "object", "properties": { "answer": { "type": "string" } }, "required": ["answer"] }'}
            />
          </Field>
        ) : null}
        <Field
          label="Tools"
          description="A JSON array of functions the model may call, each with a name, a description and its parameters as JSON Schema. Construct shows the calls; it never runs them."
          error={problems?.tools?.message}
        >
          <Textarea
            {...register('settings.tools', { validate: SETTINGS_RULES.tools, deps: ['settings.tool_choice'] })}
            rows={names.length ? 8 : 3}
            spellCheck={false}
            className="model-settings__json"
            placeholder={TOOLS_EXAMPLE}
          />
        </Field>
        <Field label="Tool choice" error={problems?.tool_choice?.message}>
          <Select
            {...register('settings.tool_choice', {
              validate: (v, values) =>
                !v || v === 'auto' || v === 'none' || toolNames(values.settings.tools).length > 0 || 'tool_choice asks for a tool, but there are no tools.',
            })}
          >
            <option value="">Default</option>
            <option value="auto">Auto: the model decides</option>
            <option value="none">None: no tool calls</option>
            <option value="required">Required: at least one tool call</option>
            {names.map((name) => (
              <option key={name} value={`tool:${name}`}>
                {`Always ${name}`}
              </option>
            ))}
          </Select>
        </Field>
      </fieldset>
    </details>
  );
}
