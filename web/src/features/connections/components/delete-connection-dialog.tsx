import { Button } from '@/components/ui/button';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { useToast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useDeleteConnection } from '../api/delete-connection';

/** 'Delete this connection?': its key goes with it; prompts set to it run on Construct's model until another is chosen. */
export function DeleteConnectionDialog({ connection, onClose }: { connection: { id: string; name: string }; onClose: () => void }) {
  const remove = useDeleteConnection();
  const { toast } = useToast();
  return (
    <ModalDialog
      title="Delete this connection?"
      description={`Its key is deleted. Prompts set to run on “${connection.name}” run on Construct's model until you choose another.`}
      size="sm"
      busy={remove.isPending}
      onClose={onClose}
    >
      <div className="connections__actions">
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button
          variant="danger"
          loading={remove.isPending}
          onClick={() =>
            remove.mutate(connection.id, {
              onSuccess: () => {
                onClose();
                toast({ title: 'Connection deleted', variant: 'success' });
              },
              onError: (error) => toast({ title: errorMessage(error, 'Could not delete the connection.'), variant: 'error' }),
            })
          }
        >
          Delete connection
        </Button>
      </div>
    </ModalDialog>
  );
}
