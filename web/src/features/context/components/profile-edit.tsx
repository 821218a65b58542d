import { useForm } from 'react-hook-form';
import { PROFILE_VALUE_MAX, ProfileValueInput } from '@shared/contract/context';
import { Button } from '@/components/ui/button';
import { fieldIds } from '@/components/ui/field';
import { FieldError } from '@/components/ui/field-error';
import { Textarea } from '@/components/ui/textarea';
import { usePutProfileValue } from '@/lib/api/put-profile-value';
import { schemaRule } from '@/lib/form-rules';

/** The contract's value: not blank, within PROFILE_VALUE_MAX, no control characters. */
const valueRule = { validate: schemaRule(ProfileValueInput.shape.value) };

/** One value edited in place: Save (disabled while blank) stores it, Escape or Cancel leaves it. */
export function ProfileEdit({
  profileKey,
  value,
  onDone,
  onError,
}: {
  profileKey: string;
  value: string;
  onDone: () => void;
  onError: (error: unknown) => void;
}) {
  const save = usePutProfileValue();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm({ defaultValues: { value } });
  const id = `profile-${profileKey}`;
  const { errorId } = fieldIds(id);
  const onSave = handleSubmit(({ value }) => save.mutate({ key: profileKey, value }, { onSuccess: onDone, onError }));

  return (
    <form className="profile-edit" onSubmit={(event) => void onSave(event)} noValidate>
      <label htmlFor={id} className="snippet-item__name">
        {profileKey}
      </label>
      <Textarea
        id={id}
        rows={2}
        maxLength={PROFILE_VALUE_MAX}
        aria-describedby={errors.value ? errorId : undefined}
        invalid={Boolean(errors.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            onDone();
          }
        }}
        autoFocus
        {...register('value', valueRule)}
      />
      {errors.value?.message ? <FieldError id={errorId}>{errors.value.message}</FieldError> : null}
      <div className="snippet-item__actions">
        <Button variant="secondary" size="sm" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" size="sm" loading={save.isPending} disabled={!watch('value').trim()}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
