import { useEffect } from 'react';
import type { FieldPath, FieldValues, UseFormSetFocus } from 'react-hook-form';

/**
 * A refused request puts the focus back in the field its reason shows under (the checks before
 * sending are focused by handleSubmit itself).
 */
export function useFocusOnFailure<Values extends FieldValues>(failed: boolean, setFocus: UseFormSetFocus<Values>, field: FieldPath<Values>) {
  useEffect(() => {
    if (failed) setFocus(field);
  }, [failed, setFocus, field]);
}
