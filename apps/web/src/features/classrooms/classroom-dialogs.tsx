import type { Classroom } from '@vocagarden/contract';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog.tsx';

/** Create or edit a classroom: a name and a multiline description, sent as typed. */
export function ClassroomDialog({
  open,
  classroom,
  pending,
  onSubmit,
  onClose,
}: {
  open: boolean;
  classroom?: Classroom | null;
  pending: boolean;
  onSubmit(values: { name: string; description: string }): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  return (
    <FormDialog
      open={open}
      title={classroom ? t('classroom.edit') : t('classroom.create')}
      fields={[
        { name: 'name', label: t('classroom.name'), initial: classroom?.name ?? '' },
        {
          name: 'description',
          label: t('classroom.description'),
          initial: classroom?.description ?? '',
          multiline: true,
          required: false,
        },
      ]}
      submitLabel={classroom ? t('common.save') : t('common.create')}
      pending={pending}
      onClose={onClose}
      onSubmit={(values) => onSubmit({ name: values.name ?? '', description: values.description ?? '' })}
    />
  );
}
