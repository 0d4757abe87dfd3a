import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { jsonResponse } from '../../utils/fetch-stub';
import { findPostCard, makePost, ownPost, postsPage, renderHome } from './forum-fixtures';

beforeEach(() => localStorage.clear());

async function openMenuItem(user: ReturnType<typeof renderHome>['user'], postTitle: string, item: string) {
  await user.click(within(await findPostCard(postTitle)).getByRole('button', { name: 'Post options' }));
  await user.click(screen.getByRole('menuitem', { name: item }));
}

describe('Create New Post', () => {
  it('when title or content is blank, then Please fill in all required fields. is shown and nothing is sent', async () => {
    const { user, network } = renderHome();
    await user.click(await screen.findByRole('button', { name: 'New Post' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Create New Post' }));
    await user.type(dialog.getByLabelText('Title'), 'Only a title');
    await user.type(dialog.getByLabelText('Content'), '   ');
    await user.click(dialog.getByRole('button', { name: 'Create Post' }));
    expect(await screen.findByText('Please fill in all required fields.')).toBeInTheDocument();
    expect(network.callsTo('POST', '/api/posts')).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Create New Post' })).toBeInTheDocument();
  });

  it('when the post is valid, then it is sent as multipart, the success toast shows and feed, topics and stats refresh', async () => {
    const sent: FormData[] = [];
    const { user, network } = renderHome({
      routes: {
        'POST /api/posts': (request) => {
          // whatwg-fetch cannot serialise a FormData body; it keeps the original object instead.
          sent.push((request as unknown as { _bodyFormData: FormData })._bodyFormData);
          return jsonResponse(201, makePost({ id: 'new', title: 'Lost keys', topicId: 2 }));
        },
      },
    });
    await findPostCard('Study group for finals');
    await user.click(screen.getByRole('button', { name: 'New Post' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Create New Post' }));
    expect(dialog.getByLabelText('Topic')).toHaveValue('1');
    await user.selectOptions(dialog.getByLabelText('Topic'), '2');
    await user.type(dialog.getByLabelText('Title'), '  Lost keys ');
    await user.type(dialog.getByLabelText('Content'), 'Blue lanyard, near the gym.');
    await user.click(dialog.getByLabelText('Post anonymously'));
    await user.click(dialog.getByRole('button', { name: 'Create Post' }));
    expect(await screen.findByText('Your post has been created successfully!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Create New Post' })).not.toBeInTheDocument();
    expect(Object.fromEntries(sent[0]!.entries())).toEqual({ title: 'Lost keys', content: 'Blue lanyard, near the gym.', topicId: '2', isAnonymous: 'true' });
    await waitFor(() => expect(network.callsTo('GET', '/api/topics').length).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect(network.callsTo('GET', '/api/user/stats').length).toBeGreaterThanOrEqual(2));
    // The feed moves to the new post's topic.
    expect(await screen.findByRole('heading', { level: 1, name: /Academics/ })).toBeInTheDocument();
  });

  it('when the server refuses the post, then Failed to create post. Please try again. is shown', async () => {
    const { user } = renderHome({ routes: { 'POST /api/posts': jsonResponse(500, { message: 'Internal error' }) } });
    await user.click(await screen.findByRole('button', { name: 'New Post' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Create New Post' }));
    await user.type(dialog.getByLabelText('Title'), 'Hello');
    await user.type(dialog.getByLabelText('Content'), 'World');
    await user.click(dialog.getByRole('button', { name: 'Create Post' }));
    expect(await screen.findByText('Failed to create post. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create New Post' })).toBeInTheDocument();
  });

  it('when a non-image file is chosen, then it is refused; an image is previewed and can be removed', async () => {
    const { user } = renderHome();
    await user.click(await screen.findByRole('button', { name: 'New Post' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Create New Post' }));
    fireEvent.change(dialog.getByLabelText(/Add an image/), { target: { files: [new File(['x'], 'notes.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText('Please select an image file.')).toBeInTheDocument();
    expect(dialog.queryByRole('img', { name: 'Preview of the chosen image' })).not.toBeInTheDocument();
    fireEvent.change(dialog.getByLabelText(/Add an image/), { target: { files: [new File(['png'], 'quad.png', { type: 'image/png' })] } });
    expect(await dialog.findByRole('img', { name: 'Preview of the chosen image' })).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Remove image' }));
    expect(dialog.getByLabelText(/Add an image/)).toBeInTheDocument();
  });
});

describe('Edit Post', () => {
  it('when a field is cleared, then Please fill in all fields / Both title and content are required. is shown', async () => {
    const { user, network } = renderHome({ posts: [ownPost()] });
    await openMenuItem(user, 'My own post', 'Edit');
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Post' }));
    expect(dialog.getByLabelText('Title')).toHaveValue('My own post');
    await user.clear(dialog.getByLabelText('Content'));
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Please fill in all fields')).toBeInTheDocument();
    expect(screen.getByText('Both title and content are required.')).toBeInTheDocument();
    expect(network.callsTo('PUT', '/api/posts/own')).toHaveLength(0);
  });

  it('when saved, then the post is updated with trimmed fields and the feed refreshes', async () => {
    const { user, network } = renderHome({
      posts: [ownPost()],
      routes: { 'PUT /api/posts/own': jsonResponse(200, ownPost({ title: 'Renamed' })) },
    });
    await openMenuItem(user, 'My own post', 'Edit');
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Post' }));
    await user.clear(dialog.getByLabelText('Title'));
    await user.type(dialog.getByLabelText('Title'), ' Renamed ');
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Post updated successfully')).toBeInTheDocument();
    expect(JSON.parse(network.callsTo('PUT', '/api/posts/own')[0]!.body)).toEqual({ title: 'Renamed', content: ownPost().content });
    await waitFor(() => expect(network.callsTo('GET', '/api/posts').length).toBeGreaterThanOrEqual(2));
  });

  it('when the update fails, then Failed to update post shows the server message', async () => {
    const { user } = renderHome({
      posts: [ownPost()],
      routes: { 'PUT /api/posts/own': jsonResponse(403, { message: 'You can only edit your own posts.' }) },
    });
    await openMenuItem(user, 'My own post', 'Edit');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update post')).toBeInTheDocument();
    expect(screen.getByText('You can only edit your own posts.')).toBeInTheDocument();
  });
});

describe('Delete post', () => {
  it('when Delete is chosen, then the confirmation asks first; cancelling sends nothing', async () => {
    const { user, network } = renderHome({ posts: [ownPost()] });
    await openMenuItem(user, 'My own post', 'Delete');
    const dialog = within(screen.getByRole('dialog', { name: 'Delete post' }));
    expect(dialog.getByText('Are you sure you want to delete this post? This action cannot be undone.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(network.callsTo('DELETE', '/api/posts/own')).toHaveLength(0);
  });

  it('when the deletion is confirmed, then the post is deleted, Post deleted successfully shows and counts refresh', async () => {
    let deleted = false;
    const { user, network } = renderHome({
      posts: [ownPost()],
      routes: {
        'GET /api/posts': () => postsPage(deleted ? [] : [ownPost()]),
        'DELETE /api/posts/own': () => {
          deleted = true;
          return jsonResponse(200, { message: 'Post deleted successfully' });
        },
      },
    });
    await openMenuItem(user, 'My own post', 'Delete');
    await user.click(within(screen.getByRole('dialog', { name: 'Delete post' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Post deleted successfully')).toBeInTheDocument();
    expect(await screen.findByText('No posts yet')).toBeInTheDocument();
    expect(network.callsTo('DELETE', '/api/posts/own')).toHaveLength(1);
    await waitFor(() => expect(network.callsTo('GET', '/api/topics').length).toBeGreaterThanOrEqual(2));
  });

  it('when the deletion fails, then Failed to delete post is shown with the message', async () => {
    const { user } = renderHome({ posts: [ownPost()], routes: { 'DELETE /api/posts/own': jsonResponse(404, { message: 'Post not found' }) } });
    await openMenuItem(user, 'My own post', 'Delete');
    await user.click(within(screen.getByRole('dialog', { name: 'Delete post' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete post')).toBeInTheDocument();
    expect(screen.getByText('Post not found')).toBeInTheDocument();
  });
});

describe('Report Post', () => {
  it('when no reason is chosen, then Please select a reason is shown and nothing is sent', async () => {
    const { user, network } = renderHome();
    await user.click(within(await findPostCard('Study group for finals')).getByRole('button', { name: 'Report' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Report Post' }));
    await user.click(dialog.getByRole('button', { name: 'Submit Report' }));
    expect(await screen.findByText('Please select a reason')).toBeInTheDocument();
    expect(screen.getByText('You must select a reason for reporting this content.')).toBeInTheDocument();
    expect(network.callsTo('POST', '/api/reports')).toHaveLength(0);
  });

  it('when a reason and details are given, then the report is sent with trimmed details and thanked for', async () => {
    const { user, network } = renderHome({ routes: { 'POST /api/reports': jsonResponse(201, { id: 'r1' }) } });
    await user.click(within(await findPostCard('Study group for finals')).getByRole('button', { name: 'Report' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Report Post' }));
    expect(dialog.getAllByRole('radio').map((radio) => (radio as HTMLInputElement).value)).toEqual([
      'Spam', 'Harassment', 'Hate speech', 'Inappropriate content', 'Misinformation', 'Other',
    ]);
    await user.click(dialog.getByRole('radio', { name: /^Harassment/ }));
    await user.type(dialog.getByLabelText('Additional details (optional)'), '  Targets one student  ');
    await user.click(dialog.getByRole('button', { name: 'Submit Report' }));
    expect(await screen.findByText('Report submitted')).toBeInTheDocument();
    expect(screen.getByText("Thank you for helping keep Quad safe. We'll review your report.")).toBeInTheDocument();
    expect(JSON.parse(network.callsTo('POST', '/api/reports')[0]!.body)).toEqual({
      type: 'post', contentId: 'p1', reportedUserId: 'u2', reason: 'Harassment', description: 'Targets one student',
    });
  });

  it('when the details are blank, then description is left out of the report', async () => {
    const { user, network } = renderHome({ routes: { 'POST /api/reports': jsonResponse(201, {}) } });
    await user.click(await screen.findByRole('button', { name: 'Report' }));
    await user.click(screen.getByRole('radio', { name: /^Spam/ }));
    await user.type(screen.getByLabelText('Additional details (optional)'), '   ');
    await user.click(screen.getByRole('button', { name: 'Submit Report' }));
    await screen.findByText('Report submitted');
    expect(JSON.parse(network.callsTo('POST', '/api/reports')[0]!.body)).not.toHaveProperty('description');
  });

  it('when the moderation service is missing (404), then the generic failure toast is shown', async () => {
    const { user } = renderHome();
    await user.click(await screen.findByRole('button', { name: 'Report' }));
    await user.click(screen.getByRole('radio', { name: /^Spam/ }));
    await user.click(screen.getByRole('button', { name: 'Submit Report' }));
    expect(await screen.findByText('Failed to submit report')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Report Post' })).toBeInTheDocument();
  });

  it('when the server refuses with a message, then that message is shown', async () => {
    const { user } = renderHome({ routes: { 'POST /api/reports': jsonResponse(409, { message: 'You already reported this.' }) } });
    await user.click(await screen.findByRole('button', { name: 'Report' }));
    await user.click(screen.getByRole('radio', { name: /^Other/ }));
    await user.click(screen.getByRole('button', { name: 'Submit Report' }));
    expect(await screen.findByText('You already reported this.')).toBeInTheDocument();
  });
});

