import Typography from '@mui/material/Typography';

/** A classroom's name as the page's heading, with its description under it (members and visitors alike). */
export function ClassroomHeading({ name, description }: { name: string; description: string }) {
  return (
    <>
      <Typography variant="h4" component="h1" data-testid="classroom-name">
        {name}
      </Typography>
      <Typography color="text.secondary" sx={{ whiteSpace: 'pre-line', mb: 1 }}>
        {description}
      </Typography>
    </>
  );
}
